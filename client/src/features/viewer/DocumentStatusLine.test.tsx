import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, loadLanguage } from '../../app/i18n';
import { DocumentStatusLine } from './DocumentStatusLine';

const show = (PdfConvertStatus: boolean, WorkflowStatus: number, language = 'en') =>
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <DocumentStatusLine result={{ PdfConvertStatus, WorkflowStatus }} />
    </I18nextProvider>,
  );

describe('the status line of the index panel', () => {
  it('is absent while the document is in no workflow and not waiting for conversion', () => {
    show(false, 0);
    expect(screen.queryByTestId('viewer-document-status')).toBeNull();
  });

  it('says whether a workflow is processing the document or it waits in a queue, with a hint on hover', () => {
    const { unmount } = show(false, 1);
    const processing = screen.getByText('This document is being processed by a workflow.');
    expect(processing.getAttribute('title')).toBe(
      'It cannot be exported until the workflow has finished with it.',
    );
    unmount();
    show(false, 2);
    expect(screen.getByRole('status').textContent).toBe('This document is waiting in a workflow queue.');
  });

  it('names a pending PDF conversion too, in the chosen language', async () => {
    await loadLanguage('fr');
    show(true, 2, 'fr');
    expect([...screen.getByRole('status').querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      "Ce document attend dans une file d'attente de flux de travail.",
      "Ce document attend d'être converti en PDF.",
    ]);
  });
});
