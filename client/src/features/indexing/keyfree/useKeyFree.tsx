// KeyFree in the indexing view (end-user spec §1, §4, §8): the tool toggles on and off; on, it
// needs the helper's DataExtraction package (else DATA_EXTRACTION_NOT_REGISTERED and the install
// modal), shows the shown page's words over its image, and a click (or a drag) fills the field
// that had the focus last and moves the focus to the next field; after the last field it turns
// itself off. The rules are in keyfreeFill.ts.
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { PageWord } from '@gs/contract/dataExtraction';
import { DATA_EXTRACTION_PACKAGE } from '@gs/contract/dataExtraction';
import { getDynamicListItems, getListItems } from '../../../api/lists';
import { useApiQuery } from '../../../api/useApiQuery';
import { Alert } from '../../../components/Alert';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { dynamicParents, fieldKind, isMultiValue, type FieldSpec } from '../../../lib/fieldSpec';
import { httpAtom } from '../../../state/environment';
import { helperClientAtom } from '../../capture/helperSettings';
import type { SourceFile } from '../indexingApi';
import { InstallDataExtractionModal } from './InstallDataExtractionModal';
import { keyFreeValue, nextFieldId, textOfWords } from './keyfreeFill';
import { getPageWords } from './keyfreeApi';
import { WordOverlay } from './WordOverlay';

export interface KeyFreeOptions {
  db: number;
  file: SourceFile | undefined;
  page: number;
  /** the fields KeyFree fills, in the form's order */
  fields: readonly FieldSpec[];
  values: Record<number, string[]>;
  setField: (id: number, values: string[]) => void;
  form: RefObject<HTMLFormElement | null>;
  locale: string;
}

export interface KeyFree {
  button: ReactNode;
  overlay: ReactNode;
  notice: ReactNode;
  modal: ReactNode;
  /** the form's focus handler: remembers the field being filled */
  onFormFocus: (event: FocusEvent<HTMLFormElement>) => void;
}

const FIELD_TEST_ID = /^index-field-(\d+)$/;

function focusField(form: HTMLFormElement | null, id: number): void {
  form
    ?.querySelector<HTMLElement>(
      `[data-testid="index-field-${id}"] input, [data-testid="index-field-${id}"] select`,
    )
    ?.focus();
}

export function useKeyFree(options: KeyFreeOptions): KeyFree {
  const { db, file, page, fields, values, setField, form, locale } = options;
  const { t } = useTranslation();
  const http = useAtomValue(httpAtom);
  const helper = useAtomValue(helperClientAtom).io;
  const [on, setOn] = useState(false);
  const [checking, setChecking] = useState(false);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const focused = useRef(0);
  // asks for the focus on the field being filled once the install modal (which gives the focus
  // back to what had it before) is gone
  const [focusAsk, setFocusAsk] = useState(0);
  useEffect(() => {
    if (focusAsk && on && !asking) focusField(form.current, focused.current);
  }, [focusAsk, on, asking, form]);
  const [words] = useApiQuery(on && file ? `keyfree:${file.inboxId ?? 0}:${file.name}:${page}` : null, (h) =>
    getPageWords(h, file ?? { name: '' }, page),
  );

  const onFormFocus = useCallback((event: FocusEvent<HTMLFormElement>) => {
    const holder = (event.target as HTMLElement).closest('[data-testid^="index-field-"]');
    const id = Number(FIELD_TEST_ID.exec(holder?.getAttribute('data-testid') ?? '')?.[1] ?? 0);
    if (id) focused.current = id;
  }, []);

  const turnOn = () => {
    setAsking(false);
    setMessage(null);
    setOn(true);
    const order = fields.map((f) => f.id);
    if (!order.includes(focused.current)) focused.current = order[0] ?? 0;
    setFocusAsk((n) => n + 1);
  };

  const toggle = async () => {
    if (on) {
      setOn(false);
      setMessage(null);
      return;
    }
    setChecking(true);
    try {
      const packages = await helper.checkPackages();
      if (packages.some((p) => p.AppName === DATA_EXTRACTION_PACKAGE && p.Installed)) turnOn();
      else setAsking(true);
    } catch {
      // no helper answer: the extension cannot be registered either; the modal says how to install it
      setAsking(true);
    } finally {
      setChecking(false);
    }
  };

  const itemsOf = async (spec: FieldSpec): Promise<string[] | undefined> => {
    const kind = fieldKind(spec);
    if (kind === 'text') return undefined;
    if (kind !== 'dynamic') return getListItems(http, db, spec.listId);
    const [first, second] = dynamicParents(spec);
    const valueOf = (id: number) => (id ? (values[id]?.[0] ?? '') : '');
    return getDynamicListItems(http, db, spec.id, valueOf(first), valueOf(second));
  };

  const pick = async (picked: PageWord[]) => {
    const order = fields.map((f) => f.id);
    const id = order.includes(focused.current) ? focused.current : (order[0] ?? 0);
    const spec = fields.find((f) => f.id === id);
    if (!spec) return;
    let items: string[] | undefined;
    try {
      items = await itemsOf(spec);
    } catch {
      items = [];
    }
    const result = keyFreeValue(spec, textOfWords(picked), { locale, items });
    if (!result.ok) {
      setMessage(t(result.error));
      focusField(form.current, id);
      return;
    }
    setMessage(null);
    const current = (values[id] ?? []).filter((v) => v.trim() !== '');
    setField(id, isMultiValue(spec) ? [...current, result.value] : [result.value]);
    const next = nextFieldId(order, id);
    if (next === null) {
      // no more fields: the tool stops
      setOn(false);
      focused.current = 0;
      return;
    }
    focused.current = next;
    focusField(form.current, next);
  };

  const button = (
    <button
      type="button"
      className={`button button--small${on ? ' button--active' : ''}`}
      aria-pressed={on}
      disabled={checking}
      onClick={() => void toggle()}
    >
      {t('keyfree.toggle')}
    </button>
  );

  let notice: ReactNode = null;
  if (on && words.status !== 'success')
    notice = (
      <QueryBoundary
        state={words}
        loading={t('keyfree.loading')}
        loadingAs="line"
        error={t('keyfree.error')}
        testId="keyfree-message"
      />
    );
  else if (on && words.status === 'success' && words.data === null)
    notice = (
      <Alert tone="error" testId="keyfree-message">
        {t('ERROR_NO_KFI_WORDS')}
      </Alert>
    );
  else if (message)
    notice = (
      <Alert tone="error" testId="keyfree-message">
        {message}
      </Alert>
    );

  const overlay =
    on && words.status === 'success' && words.data ? (
      <WordOverlay words={words.data.Words} onPick={(p) => void pick(p)} />
    ) : null;
  const modal = asking ? (
    <InstallDataExtractionModal onInstalled={turnOn} onClose={() => setAsking(false)} />
  ) : null;
  return { button, overlay, notice, modal, onFormFocus };
}
