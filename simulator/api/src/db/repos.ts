// Every repo of one app, with its statements prepared once when the app is made.
import { createAccountRepo } from './accountRepo';
import type { Db } from './connection';
import { createAdminArchivesRepo } from './adminArchivesRepo';
import { createAdminDatabasesRepo } from './adminDatabasesRepo';
import { createAdminServerRepos } from './adminServerRepos';
import { createAdminFieldsRepo } from './adminFieldsRepo';
import { createAdminListsRepo } from './adminListsRepo';
import { createAdminSearchesRepo } from './adminSearchesRepo';
import { createAdminTableFieldsRepo } from './adminTableFieldsRepo';
import { createAnnotationsRepo } from './annotationsRepo';
import { createArchivesRepo } from './archivesRepo';
import { createAuditRepo } from './auditRepo';
import { createDatabasesRepo } from './databasesRepo';
import { createDocumentFieldsRepo } from './documentFieldsRepo';
import { createDocumentsRepo } from './documentsRepo';
import { createDocumentOpsRepo } from './documentOpsRepo';
import { createDocImportsRepo } from './docImportsRepo';
import { createDocSearchRepo } from './docSearchRepo';
import { createDocStatesRepo } from './docStatesRepo';
import { createFieldRulesRepo } from './fieldRulesRepo';
import { createGrantsRepo } from './grantsRepo';
import { createInboxesRepo } from './inboxesRepo';
import { createLicensesRepo } from './licensesRepo';
import { createListsRepo } from './listsRepo';
import { createMailServersRepo } from './mailServersRepo';
import { createPrincipalsRepo } from './principalsRepo';
import { createSearchesRepo } from './searchesRepo';
import { createSecurityRepo } from './securityRepo';
import { createSettingsRepo } from './settingsRepo';
import { createUsersRepo } from './usersRepo';
import { createUserActionsRepo } from './userActionsRepo';
import { createWorkflowsRepo } from './workflowsRepo';
import { createViewerRepo } from './viewerRepo';

export function createRepos(db: Db) {
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
