// The invoice fields the client tests' worlds give their archives (clientResultsWorld.ts,
// clientIndexingWorld.ts): one of each kind a results grid shows and an indexing form checks.
import type { FieldSpec } from '@gs/simulator-fixtures/builders';
import { FieldProp, FieldType } from '@gs/contract/flags';

export const INVOICE_FIELDS = {
  vendorNumber: { name: 'Vendor Number', type: FieldType.Character, size: 6, regex: '^V\\d{5}$' },
  invoiceDate: { name: 'Invoice Date', type: FieldType.Date, mask: 'd' },
  dateEntered: { name: 'Date Entered', type: FieldType.Date, prop: FieldProp.DateEntered },
  lineItems: { name: 'Line Items', type: FieldType.Integer },
} satisfies Record<string, FieldSpec>;

/** A drop-down Status field on the list `listId`. */
export const statusField = (listId: number): FieldSpec => ({
  name: 'Status',
  type: FieldType.Character,
  prop: FieldProp.DropdownList,
  listId,
});
