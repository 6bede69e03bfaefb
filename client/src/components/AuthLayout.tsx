// The centred card of the signed-out pages (login, /direct): product mark and name on top,
// language picker and company footer below.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductMark } from './Icon';
import { LanguagePicker } from './LanguagePicker';

export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <main className="auth-card" aria-labelledby="auth-title">
        <div className="auth-card__brand">
          <ProductMark size={40} />
          <span className="auth-card__product">{t('app.productName')}</span>
        </div>
        <h1 id="auth-title" className="auth-card__title">
          {title}
        </h1>
        {children}
        <div className="auth-card__language">
          <LanguagePicker />
        </div>
      </main>
      <footer className="auth-footer">
        {t('app.copyright', { year: new Date().getFullYear(), company: t('app.companyName') })}
      </footer>
    </div>
  );
}
