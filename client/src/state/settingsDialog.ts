// Whether the Settings dialog is open over the current screen (the header's Settings button).
import { atom } from 'jotai';

export const settingsDialogOpenAtom = atom(false);
