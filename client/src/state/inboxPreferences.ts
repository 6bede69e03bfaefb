// The inbox panel beside the archive list can collapse; its state is remembered (spec §2) in
// localStorage like the other local settings (state/preferences.ts).
import { localSettingAtom } from './preferences';

const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** The inbox list under the archive tree (open by default). */
export const inboxPanelOpenAtom = localSettingAtom('showInboxList', true, isBoolean);
