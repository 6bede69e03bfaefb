// Every repo of one app, each statement compiled once, when first run; the catalogue and
// security reads every request makes go through a cache checked against the catalogue version.
import { createAccountRepo } from '../security/repos/accountRepo';
import type { Db } from './connection';
import { lazyPrepare } from './lazyPrepare';
import { createCatalogVersionRepo } from '../catalog/repos/catalogVersion';
import { withCatalogCache } from '../catalog/services/catalogCache';
import { createAdminArchivesRepo } from '../adminCatalog/repos/adminArchivesRepo';
import { createAdminDatabasesRepo } from '../adminCatalog/repos/adminDatabasesRepo';
import { createAdminServerRepos } from '../adminServer/repos/adminServerRepos';
import { createAdminFieldsRepo } from '../adminCatalog/repos/adminFieldsRepo';
import { createAdminListsRepo } from '../adminCatalog/repos/adminListsRepo';
import { createAdminSearchesRepo } from '../adminCatalog/repos/adminSearchesRepo';
import { createAdminTableFieldsRepo } from '../adminCatalog/repos/adminTableFieldsRepo';
import { createAnnotationsRepo } from '../viewer/repos/annotationsRepo';
import { createArchivesRepo } from '../catalog/repos/archivesRepo';
import { createAuditRepo } from '../documents/repos/auditRepo';
import { createBatchesRepo } from '../capture/repos/batchesRepo';
import { createDatabasesRepo } from '../catalog/repos/databasesRepo';
import { createDocumentFieldsRepo } from '../fields/repos/documentFieldsRepo';
import { createDocumentsRepo } from '../documents/repos/documentsRepo';
import { createDocumentOpsRepo } from '../documents/repos/documentOpsRepo';
import { createDocImportsRepo } from '../documents/repos/docImportsRepo';
import { createDocSearchRepo } from '../search/repos/docSearchRepo';
import { createDocStatesRepo } from '../documents/repos/docStatesRepo';
import { createFieldRulesRepo } from '../fields/repos/fieldRulesRepo';
import { createGrantsRepo } from '../security/repos/grantsRepo';
import { createInboxesRepo } from '../inboxes/repos/inboxesRepo';
import { createLicensesRepo } from '../licensing/repos/licensesRepo';
import { createListsRepo } from '../lists/repos/listsRepo';
import { createMailServersRepo } from '../adminServer/repos/mailServersRepo';
import { createPrincipalsRepo } from '../security/repos/principalsRepo';
import { createSearchesRepo } from '../search/repos/searchesRepo';
import { createSecurityRepo } from '../security/repos/securityRepo';
import { createSettingsRepo } from '../adminServer/repos/settingsRepo';
import { createUsersRepo } from '../security/repos/usersRepo';
import { createUserActionsRepo } from '../workflow/repos/userActionsRepo';
import { createWorkflowsRepo } from '../workflow/repos/workflowsRepo';
import { createViewerRepo } from '../viewer/repos/viewerRepo';

export function createRepos(db: Db) {
  // each statement is compiled when first run (decision 085); a request compiles what it runs once
  return withCatalogCache(createUncachedRepos(lazyPrepare(db).db), db, createCatalogVersionRepo(db));
}

/** Compile every statement of the repositories on `db` (throws on the first that does not). */
export function prepareEveryRepoStatement(db: Db): void {
  const lazy = lazyPrepare(db);
  createUncachedRepos(lazy.db);
  lazy.prepareAll();
}

function createUncachedRepos(db: Db) {
  return {
    account: createAccountRepo(db),
    adminArchives: createAdminArchivesRepo(db),
    adminDatabases: createAdminDatabasesRepo(db),
    adminServer: createAdminServerRepos(db),
    adminFields: createAdminFieldsRepo(db),
    adminLists: createAdminListsRepo(db),
    adminSearches: createAdminSearchesRepo(db),
    adminTableFields: createAdminTableFieldsRepo(db),
    annotations: createAnnotationsRepo(db),
    archives: createArchivesRepo(db),
    audit: createAuditRepo(db),
    batches: createBatchesRepo(db),
    databases: createDatabasesRepo(db),
    documentFields: createDocumentFieldsRepo(db),
    documents: createDocumentsRepo(db),
    documentOps: createDocumentOpsRepo(db),
    docImports: createDocImportsRepo(db),
    docSearch: createDocSearchRepo(db),
    docStates: createDocStatesRepo(db),
    fieldRules: createFieldRulesRepo(db),
    grants: createGrantsRepo(db),
    inboxes: createInboxesRepo(db),
    licenses: createLicensesRepo(db),
    lists: createListsRepo(db),
    mailServers: createMailServersRepo(db),
    principals: createPrincipalsRepo(db),
    searches: createSearchesRepo(db),
    security: createSecurityRepo(db),
    settings: createSettingsRepo(db),
    users: createUsersRepo(db),
    userActions: createUserActionsRepo(db),
    viewer: createViewerRepo(db),
    workflows: createWorkflowsRepo(db),
  };
}
export type Repos = ReturnType<typeof createRepos>;
