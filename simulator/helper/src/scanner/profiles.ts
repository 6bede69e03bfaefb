// Named scanner profiles the simulator offers, paper sizes, and the faults a job can meet with
// the status and message each one ends in.
import type { PaperSize, ScanFault, ScanStatusName, ScannerProfile } from '@gs/contract/helper';

export const SCANNER_PROFILES: readonly ScannerProfile[] = [
  {
    Name: 'Fujitsu fi-7160 (simplex, bilevel, 200 dpi)',
    Pages: 10,
    Duplex: false,
    Colour: 'bilevel',
    Dpi: 200,
    Paper: 'Letter',
  },
  {
    Name: 'Canon DR-C225 (duplex, grey, 300 dpi)',
    Pages: 6,
    Duplex: true,
    Colour: 'grey',
    Dpi: 300,
    Paper: 'Letter',
  },
  { Name: 'Flatbed colour 150 dpi', Pages: 1, Duplex: false, Colour: 'colour', Dpi: 150, Paper: 'A4' },
  {
    Name: 'Kodak i2620 (duplex, bilevel, 300 dpi, legal)',
    Pages: 8,
    Duplex: true,
    Colour: 'bilevel',
    Dpi: 300,
    Paper: 'Legal',
  },
];

export const findProfile = (name: string | undefined): ScannerProfile | undefined =>
  name === undefined ? SCANNER_PROFILES[0] : SCANNER_PROFILES.find((p) => p.Name === name);

/** Paper in points (1/72 inch). */
export const PAPER_POINTS: Record<PaperSize, { width: number; height: number }> = {
  Letter: { width: 612, height: 792 },
  Legal: { width: 612, height: 1008 },
  A4: { width: 595, height: 842 },
};

export interface FaultOutcome {
  status: ScanStatusName;
  message: string;
  /** whether pages before the fault are kept (and can be merged) */
  keepsPages: boolean;
  /** the fault strikes at once, before any page */
  immediate: boolean;
}

export const FAULTS: Record<ScanFault, FaultOutcome> = {
  ScannerInUse: {
    status: 'ScannerInUse',
    message: 'The scanner is in use by another application. Try again when it is free.',
    keepsPages: false,
    immediate: true,
  },
  Cancelled: {
    status: 'Cancelled',
    message: 'The scan was cancelled by the user.',
    keepsPages: true,
    immediate: false,
  },
  PaperJam: {
    status: 'Error',
    message: 'Paper jam in the document feeder. Clear the jam and scan the remaining pages again.',
    keepsPages: true,
    immediate: false,
  },
  EmptyFeeder: {
    status: 'Error',
    message: 'The document feeder is empty. Load paper and try again.',
    keepsPages: false,
    immediate: true,
  },
  DeviceError: {
    status: 'Error',
    message: 'The scanner reported a device error (0x80210015). Check the cable and restart the scanner.',
    keepsPages: false,
    immediate: true,
  },
};
