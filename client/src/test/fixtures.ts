// Wire-shaped sample data for the client tests.
import type { Archive } from '@gs/contract/archives';
import { ALL_ARCHIVE_PERMISSIONS } from '@gs/contract/flags';
import type { License } from '@gs/contract/licenses';
import type { Search } from '@gs/contract/searches';
import type { ViewerSession } from '@gs/contract/viewer';
import type { Session } from '../state/persistedSession';

export const TOKEN = '60b6f04f-248a-4023-8667-b52e52e3beff';
export const NEW_TOKEN = '7d9a1c55-0c3e-4f1e-9a53-2f4d3c1b8e10';

export const license = (overrides: Partial<License> = {}): License => ({
  Username: 'full.user',
  Domain: '',
  AuthServer: '',
  Type: 1,
  IPAddress: '127.0.0.1',
  DateCreated: '2024-03-26T14:57:06.9712345-04:00',
  DateAccessed: '2024-03-26T14:57:06.9712345-04:00',
  Token: TOKEN,
  Reg: 1,
  Active: true,
  ...overrides,
});

export const session = (overrides: Partial<Session> = {}): Session => ({
  token: TOKEN,
  username: 'full.user',
  licenseType: 1,
  since: 1,
  ...overrides,
});

export const archive = (Id: number, Name: string, Parent = 0, Properties = 0): Archive => ({
  Id,
  Name,
  Parent,
  Permissions: 1048575,
  Properties,
  DBProperties: 0,
  BasePath: 'C:\\GetSmart\\Storage\\1',
  FullTextPath: `C:\\GetSmart\\FullText\\1\\${Id}`,
});

export const search = (Id: number, Name: string, Settings: number, prompts = 0): Search => ({
  Id,
  Name,
  Parent: 1,
  Hash: `hash-${Id}`,
  Props: 2,
  Fuzzy: 0,
  Settings,
  Grouping: '',
  Archives: [{ ID: 1, Name: 'Accounts Payable' }],
  Detail: Array.from({ length: prompts }, (_, i) => ({
    ID: i + 1,
    FID: i + 1,
    ListID: 0,
    ListF1: 0,
    ListF2: 0,
    Parent: 0,
    Operator: 2 as const,
    Prompt: `Prompt ${i + 1}`,
    VAL: '',
    Prop: 0,
    FieldType: 1,
    Mask: '',
    Name: `Field ${i + 1}`,
    Type: 1,
    MultiValue: false,
    MVAL: [],
  })),
});

/** The viewer session the viewer tests open: one Invoices document (101) of three pages. */
export const viewerSession = (
  permissions: number = ALL_ARCHIVE_PERMISSIONS,
  fileType = '.tif',
): ViewerSession => ({
  _Id: 'sess-1',
  Archive: 2,
  Database: 1,
  InboxId: 0,
  SearchCriteria: '',
  SearchId: 12,
  Created: '2026-11-22T10:00:00.0000000+00:00',
  Creator: 'full.user',
  Uploaded: false,
  Documents: [
    {
      Archive: 2,
      ArchiveName: 'Invoices',
      Id: 101,
      Hash: 'doc-hash-101',
      InboxId: 0,
      InboxFileName: '',
      OriginalFileName: `101${fileType}`,
      ContentSearch: '',
      FieldData: '',
      Fields: '',
      FileType: fileType,
      PageCount: 3,
      Permissions: permissions,
    },
  ],
});
