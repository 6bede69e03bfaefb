// The .NET date formats live in lib/dates.ts (decision 063); this keeps the edge's older imports.
export * from '../lib/dates';
