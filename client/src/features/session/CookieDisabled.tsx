// Shown instead of the app when cookies or local storage are off (COOKIE_DISABLED, spec §8).
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/Alert';
import { ProductMark } from '../../components/Icon';

export function CookieDisabled() {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <main className="auth-card" aria-labelledby="cookie-title">
        <div className="auth-card__brand">
          <ProductMark size={40} />
          <span className="auth-card__product">{t('app.productName')}</span>
        </div>
        <h1 id="cookie-title" className="auth-card__title">
          {t('session.cookies.title')}
        </h1>
        <Alert tone="error" testId="cookie-disabled">
          {t('COOKIE_DISABLED')}
        </Alert>
      </main>
    </div>
  );
}
