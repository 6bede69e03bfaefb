// "Back to results" in the viewer's toolbar. A viewer opened in this window from a grid carries
// the grid's address in its history state (viewerFrom): going back returns to that results page
// as it was (its address holds the page, sort, criteria and tab). A viewer opened in a tab of its
// own closes, which shows the results tab again and reloads its grid (viewerWindows). Opened any
// other way (a pasted address), it goes to the document's archive on the search screen.
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { viewPath } from '../../app/paths';

/** The history state a grid gives the viewer it opens in this window. */
export interface ViewerFrom {
  viewerFrom: string;
}

export const viewerFromState = (path: string): ViewerFrom => ({ viewerFrom: path });

export function BackToResults({ db, archive }: { db: number; archive: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as Partial<ViewerFrom> | null)?.viewerFrom;
  const back = () => {
    if (from) return void navigate(-1);
    if (window.opener && !(window.opener as Window).closed) return window.close();
    void navigate(viewPath(db, archive || null));
  };
  return (
    <button type="button" className="button button--small" onClick={back} data-testid="viewer-back">
      {t('viewer.backToResults')}
    </button>
  );
}
