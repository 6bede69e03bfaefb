// The search modal (spec §2): "selection" lists the archive's searches, "prompts" asks the chosen
// search's prompts with the records per page, "none" runs a search that asks nothing. Run goes to
// the results route with the criteria in the address.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Search } from '@gs/contract/searches';
import { getArchiveFields, getArchiveSearches } from '../../api/archives';
import { useApiQuery, useCachedQuery } from '../../api/useApiQuery';
import type { CriteriaValues } from '../../api/searches';
import { resultsPath } from '../../app/resultsPaths';
import { Modal } from '../../components/Modal';
import { SearchPromptForm } from './SearchPromptForm';
import { modeOf, runArchive } from './searchModes';
import { hasFlag, SearchSettings } from '@gs/contract/flags';

export { modeOf, runArchive, type SearchModalMode } from './searchModes';

export interface SearchModalProps {
  db: number;
  /** the archive the search runs in (one of the search's archives) */
  archive: number;
  /** the search to run; null shows the archive's searches to choose from */
  search: Search | null;
  searches?: Search[];
  criteria?: CriteriaValues;
  recordsPerPage?: number;
  onClose: () => void;
}

export function SearchModal(props: SearchModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Search | null>(props.search);
  const mode = modeOf(chosen);
  const [archiveSearches] = useApiQuery(
    mode === 'selection' && !props.searches ? `searches:${props.db}:${props.archive}` : null,
    (http) => getArchiveSearches(http, props.db, props.archive),
  );
  const choices =
    props.searches ??
    (archiveSearches.status === 'success'
      ? archiveSearches.data.filter((s) => hasFlag(s.Settings, SearchSettings.ShowInList))
      : []);
  const [fields] = useCachedQuery(chosen ? `fields:${props.db}:${chosen.Parent}` : null, (http) =>
    getArchiveFields(http, props.db, chosen?.Parent ?? 0),
  );

  const run = (search: Search, criteria: CriteriaValues, recordsPerPage: number) => {
    props.onClose();
    navigate(
      resultsPath({
        hash: search.Hash,
        db: props.db,
        archive: runArchive(search, props.archive),
        searchId: search.Id,
        criteria,
        size: recordsPerPage,
      }),
    );
  };

  return (
    <Modal
      title={chosen ? chosen.Name : t('search.modal.chooseTitle')}
      onClose={props.onClose}
      size={mode === 'prompts' ? 'large' : 'medium'}
      testId={`search-modal-${mode}`}
    >
      {mode === 'selection' ? (
        <ul className="search-choice">
          {choices.map((s, index) => (
            <li key={s.Id}>
              <button
                type="button"
                className="search-choice__button"
                data-autofocus={index === 0 || undefined}
                onClick={() => setChosen(s)}
              >
                {s.Name}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        chosen && (
          <SearchPromptForm
            db={props.db}
            search={chosen}
            fields={fields.status === 'success' ? fields.data : []}
            criteria={props.search?.Id === chosen.Id ? (props.criteria ?? {}) : {}}
            recordsPerPage={props.recordsPerPage}
            onRun={(criteria, size) => run(chosen, criteria, size)}
            onCancel={props.onClose}
          />
        )
      )}
    </Modal>
  );
}
