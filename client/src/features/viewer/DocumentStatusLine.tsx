// The status line at the bottom of the viewer's index panel (globalsearch-ux §7 "Workflow state"):
// shown while the document is inside a workflow (being processed, or waiting in a queue) or waits
// for PDF conversion, from its own Result's WorkflowStatus and PdfConvertStatus; hovering it says
// what that means for the document.
import { useTranslation } from 'react-i18next';
import { WorkflowState, type SearchResult } from '@gs/contract/searches';

export function DocumentStatusLine({
  result,
}: {
  result: Pick<SearchResult, 'PdfConvertStatus' | 'WorkflowStatus'>;
}) {
  const { t } = useTranslation();
  const lines: { text: string; hint: string }[] = [];
  if (result.WorkflowStatus !== WorkflowState.None)
    lines.push({
      text:
        result.WorkflowStatus === WorkflowState.Queued
          ? t('docStates.workflowQueued')
          : t('docStates.workflowProcessing'),
      hint: t('docStates.workflowHint'),
    });
  if (result.PdfConvertStatus) lines.push({ text: t('docStates.pdfPending'), hint: t('docStates.pdfHint') });
  if (lines.length === 0) return null;
  return (
    <div className="viewer__status" role="status" data-testid="viewer-document-status">
      {lines.map((line) => (
        <p key={line.text} className="viewer__status-line" title={line.hint}>
          {line.text}
        </p>
      ))}
    </div>
  );
}
