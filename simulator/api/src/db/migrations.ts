// Schema migrations, applied in order inside one transaction each; user_version records the last.
// Documents live in one table per GlobalSearch database (doc_{dbId}) with one column per field
// (f_{fieldId}), as the real product keeps each database apart: see docTables.ts.
// A migration is SQL, or a function where the tables it changes are only known at run time.
import type { Db } from './connection';
import { createAuditRollups } from '../analytics/repos/auditRollups';
import { createCaptureRollups } from '../analytics/repos/captureRollups';
import { createWorkflowRollups } from '../analytics/repos/workflowRollups';
import { neverReuseIds } from './idSequences';
import { createCatalogVersion } from '../catalog/repos/catalogVersion';

export type Migration = string | ((db: Db) => void);

export const migrations: Migration[] = [
  /* 1: the catalogue, security, licences and audit */ `
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE,
    domain TEXT NOT NULL DEFAULT '',
    -- scrypt: "salt:hash" in hex
    password_hash TEXT NOT NULL,
    license_type INTEGER NOT NULL CHECK (license_type IN (1, 2, 4)),
    email TEXT NOT NULL DEFAULT '',
    -- member of the SSAdministrators group: administrator of every database
    is_admin_all INTEGER NOT NULL DEFAULT 0,
    -- may use user administration (security, users and groups)
    is_user_admin INTEGER NOT NULL DEFAULT 0,
    -- signs in through an external provider (SSO) rather than as a Square 9 user
    is_external INTEGER NOT NULL DEFAULT 0,
    can_delegate INTEGER NOT NULL DEFAULT 0
  ) STRICT;

  CREATE TABLE groups (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE
  ) STRICT;

  CREATE TABLE group_members (
    group_id INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (group_id, user_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE databases (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE,
    server TEXT NOT NULL DEFAULT '(local)'
  ) STRICT;

  -- principal_type: 1 user, 0 group (wire §4 "Security principal Type")
  CREATE TABLE database_security (
    database_id INTEGER NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
    principal_type INTEGER NOT NULL CHECK (principal_type IN (0, 1)),
    principal_id INTEGER NOT NULL,
    -- DatabaseSecurity bits: 1 admin, 2 delete batches; a row at all means access
    level INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (database_id, principal_type, principal_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE lists (
    id INTEGER PRIMARY KEY,
    database_id INTEGER NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    assembly_path TEXT NOT NULL DEFAULT '',
    assembly_parameters TEXT NOT NULL DEFAULT ''
  ) STRICT;

  CREATE TABLE list_items (
    list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (list_id, ordinal)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE fields (
    id INTEGER PRIMARY KEY,
    database_id INTEGER NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    -- FieldType: 1 character, 2 integer, 3 date, 4 decimal
    type INTEGER NOT NULL CHECK (type IN (1, 2, 3, 4)),
    size INTEGER NOT NULL DEFAULT 50,
    mask TEXT NOT NULL DEFAULT '',
    regex TEXT NOT NULL DEFAULT '',
    regex_message TEXT NOT NULL DEFAULT '',
    -- FieldProp bits
    prop INTEGER NOT NULL DEFAULT 0,
    list_id INTEGER NOT NULL DEFAULT 0,
    -- dynamic lists: the parent field(s) whose values pick the list
    parent_id INTEGER NOT NULL DEFAULT 0,
    list_f1 INTEGER NOT NULL DEFAULT 0,
    list_f2 INTEGER NOT NULL DEFAULT 0,
    UNIQUE (database_id, name)
  ) STRICT;

  -- dynamic list (Prop 128): which list a field offers for a pair of parent values
  CREATE TABLE field_list_mappings (
    field_id INTEGER NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
    primary_value TEXT NOT NULL,
    secondary_value TEXT NOT NULL DEFAULT '',
    list_id INTEGER NOT NULL REFERENCES lists(id) ON DELETE CASCADE,
    PRIMARY KEY (field_id, primary_value, secondary_value)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE archives (
    id INTEGER PRIMARY KEY,
    database_id INTEGER NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
    parent_id INTEGER NOT NULL DEFAULT 0,
    name TEXT NOT NULL,
    -- ArchiveFlags: revision control 1, pdf convert 2, web revision 4, read only 8, versions 16
    flags INTEGER NOT NULL DEFAULT 0,
    folder_options INTEGER NOT NULL DEFAULT 0,
    content_search INTEGER NOT NULL DEFAULT 0,
    base_path TEXT NOT NULL DEFAULT '',
    -- the Versions archive that holds old revisions of a revision-controlled archive
    versions_archive_id INTEGER NOT NULL DEFAULT 0,
    view_enabled INTEGER NOT NULL DEFAULT 0,
    view_status_field INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  CREATE INDEX archives_by_parent ON archives(database_id, parent_id);

  CREATE TABLE archive_fields (
    archive_id INTEGER NOT NULL REFERENCES archives(id) ON DELETE CASCADE,
    field_id INTEGER NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    PRIMARY KEY (archive_id, field_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE archive_views (
    archive_id INTEGER NOT NULL REFERENCES archives(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    label TEXT NOT NULL,
    value TEXT NOT NULL,
    color TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (archive_id, ordinal)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE archive_security (
    archive_id INTEGER NOT NULL REFERENCES archives(id) ON DELETE CASCADE,
    principal_type INTEGER NOT NULL CHECK (principal_type IN (0, 1)),
    principal_id INTEGER NOT NULL,
    permissions INTEGER NOT NULL,
    PRIMARY KEY (archive_id, principal_type, principal_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE searches (
    id INTEGER PRIMARY KEY,
    database_id INTEGER NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
    -- the archive the search belongs to (0: database-level)
    archive_id INTEGER NOT NULL DEFAULT 0,
    name TEXT NOT NULL,
    -- SearchSettings bits: content search 1, shown in list 4, default 8, view tabs 32
    settings INTEGER NOT NULL DEFAULT 4,
    fuzzy INTEGER NOT NULL DEFAULT 0,
    grouping TEXT NOT NULL DEFAULT '',
    records_per_page INTEGER NOT NULL DEFAULT 25
  ) STRICT;
  CREATE INDEX searches_by_archive ON searches(database_id, archive_id);

  CREATE TABLE search_archives (
    search_id INTEGER NOT NULL REFERENCES searches(id) ON DELETE CASCADE,
    archive_id INTEGER NOT NULL REFERENCES archives(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    PRIMARY KEY (search_id, archive_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE search_prompts (
    id INTEGER PRIMARY KEY,
    search_id INTEGER NOT NULL REFERENCES searches(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    field_id INTEGER NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
    -- Operator: 1 equals ... 7 is not empty
    operator INTEGER NOT NULL DEFAULT 2 CHECK (operator BETWEEN 1 AND 7),
    prompt TEXT NOT NULL,
    -- default value; wrapped in braces it is a static condition that is never prompted
    value TEXT NOT NULL DEFAULT ''
  ) STRICT;
  CREATE INDEX search_prompts_by_search ON search_prompts(search_id, ordinal);

  -- who may run a search, and per principal whether it is their default / queue / direct search
  CREATE TABLE search_security (
    search_id INTEGER NOT NULL REFERENCES searches(id) ON DELETE CASCADE,
    principal_type INTEGER NOT NULL CHECK (principal_type IN (0, 1)),
    principal_id INTEGER NOT NULL,
    -- SearchProps bits beyond "search" (2): queue 4, default 8, direct 16
    props INTEGER NOT NULL DEFAULT 2,
    PRIMARY KEY (search_id, principal_type, principal_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE inboxes (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE,
    -- folder under the data directory's inboxes/ holding the files
    path TEXT NOT NULL
  ) STRICT;

  CREATE TABLE inbox_security (
    inbox_id INTEGER NOT NULL REFERENCES inboxes(id) ON DELETE CASCADE,
    principal_type INTEGER NOT NULL CHECK (principal_type IN (0, 1)),
    principal_id INTEGER NOT NULL,
    permissions INTEGER NOT NULL,
    PRIMARY KEY (inbox_id, principal_type, principal_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE licenses (
    token TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type INTEGER NOT NULL,
    ip_address TEXT NOT NULL DEFAULT '',
    -- epoch milliseconds
    created_at INTEGER NOT NULL,
    accessed_at INTEGER NOT NULL,
    active INTEGER NOT NULL DEFAULT 1,
    reg INTEGER NOT NULL DEFAULT 1
  ) STRICT;
  CREATE INDEX licenses_by_user ON licenses(user_id);

  -- seats per licence type
  CREATE TABLE license_seats (
    type INTEGER PRIMARY KEY,
    seats INTEGER NOT NULL
  ) STRICT;

  CREATE TABLE audit (
    id INTEGER PRIMARY KEY,
    database_id INTEGER NOT NULL,
    archive_id INTEGER NOT NULL,
    document_id INTEGER NOT NULL,
    old_archive_id INTEGER NOT NULL DEFAULT 0,
    old_doc_id INTEGER NOT NULL DEFAULT 0,
    user_name TEXT NOT NULL,
    -- one of the history categories (indexed, updated, viewed, ...)
    category TEXT NOT NULL,
    message TEXT NOT NULL,
    -- epoch milliseconds
    time INTEGER NOT NULL,
    connection_string TEXT NOT NULL DEFAULT ''
  ) STRICT;
  CREATE INDEX audit_by_document ON audit(database_id, document_id, time);
  CREATE INDEX audit_by_archive ON audit(database_id, archive_id, time);

  CREATE TABLE stamps (
    id INTEGER PRIMARY KEY,
    text TEXT NOT NULL UNIQUE
  ) STRICT;
  `,
  /* 2: viewer sessions (POST session): what a viewer tab opens, kept for its creator */ `
  CREATE TABLE viewer_sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    database_id INTEGER NOT NULL DEFAULT 0,
    archive_id INTEGER NOT NULL DEFAULT 0,
    inbox_id INTEGER NOT NULL DEFAULT 0,
    search_id INTEGER NOT NULL DEFAULT 0,
    search_criteria TEXT NOT NULL DEFAULT '',
    -- JSON array of {archive, id, terms, inboxId, inboxFileName}
    documents TEXT NOT NULL,
    -- epoch milliseconds
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX viewer_sessions_by_created ON viewer_sessions(created_at);
  `,
  /* 3: user actions (GlobalAction buttons) offered per database and archive, and their starts */ `
  CREATE TABLE user_actions (
    id INTEGER PRIMARY KEY,
    database_id INTEGER NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
    -- 0: every archive of the database
    archive_id INTEGER NOT NULL DEFAULT 0,
    -- the ActionID clients send back
    action_key TEXT NOT NULL,
    name TEXT NOT NULL,
    process_id INTEGER NOT NULL DEFAULT 0,
    users_and_groups TEXT NOT NULL DEFAULT '',
    UNIQUE (database_id, action_key)
  ) STRICT;

  CREATE TABLE user_action_runs (
    id INTEGER PRIMARY KEY,
    action_id INTEGER NOT NULL REFERENCES user_actions(id) ON DELETE CASCADE,
    database_id INTEGER NOT NULL,
    archive_id INTEGER NOT NULL,
    document_id INTEGER NOT NULL,
    user_name TEXT NOT NULL,
    -- epoch milliseconds
    started_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX user_action_runs_by_document ON user_action_runs(database_id, document_id);
  `,
  /* 4: annotations (viewer stamps) of archive documents, in drawing order: decision 006 */ `
  CREATE TABLE annotations (
    id INTEGER PRIMARY KEY,
    database_id INTEGER NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
    document_id INTEGER NOT NULL,
    ordinal INTEGER NOT NULL,
    -- 1-based page; x, y: the top-left corner as fractions of the page as shown
    page INTEGER NOT NULL CHECK (page >= 1),
    x REAL NOT NULL CHECK (x >= 0 AND x <= 1),
    y REAL NOT NULL CHECK (y >= 0 AND y <= 1),
    text TEXT NOT NULL,
    type TEXT NOT NULL DEFAULT 'stamp',
    color TEXT NOT NULL,
    created_by TEXT NOT NULL,
    -- epoch milliseconds
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX annotations_by_document ON annotations(database_id, document_id, ordinal);
  `,
  /* 5: documents waiting for PDF conversion or inside a GlobalAction workflow (docStatesRepo.ts) */ `
  -- a row only while a document has such a state: searches look here, never at every row
  -- (its name does not start with doc: the per-database doc_* tables are what a re-seed drops)
  CREATE TABLE pdf_workflow_states (
    database_id INTEGER NOT NULL,
    doc_id INTEGER NOT NULL,
    -- queued for or undergoing PDF conversion (archive flag 2), since pdf_queued_at (epoch ms)
    pdf_pending INTEGER NOT NULL DEFAULT 0,
    pdf_queued_at INTEGER NOT NULL DEFAULT 0,
    -- WorkflowState: 0 none, 1 being processed, 2 waiting in a queue
    workflow_status INTEGER NOT NULL DEFAULT 0,
    workflow_name TEXT NOT NULL DEFAULT '',
    workflow_process_id INTEGER NOT NULL DEFAULT 0,
    workflow_queue TEXT NOT NULL DEFAULT '',
    -- epoch ms
    workflow_since INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (database_id, doc_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX pdf_workflow_states_due ON pdf_workflow_states(pdf_queued_at) WHERE pdf_pending = 1;
  `,
  /* 6: the administration API (issue 12, decision 017): a database's SQL login (never its
     password), its "show all archives" option; an archive's storage folder, browse-search choice
     and notification e-mail; the mail servers (database_id 0: the server's own) */ `
  ALTER TABLE databases ADD COLUMN auth_type TEXT NOT NULL DEFAULT 'windows';
  ALTER TABLE databases ADD COLUMN auth_user TEXT NOT NULL DEFAULT '';
  -- users see every archive of the database in the tree, viewable or not
  ALTER TABLE databases ADD COLUMN show_all_archives INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE archives ADD COLUMN unique_name TEXT NOT NULL DEFAULT '';
  ALTER TABLE archives ADD COLUMN create_browse INTEGER NOT NULL DEFAULT 0;

  CREATE TABLE archive_notifications (
    archive_id INTEGER PRIMARY KEY REFERENCES archives(id) ON DELETE CASCADE,
    to_address TEXT NOT NULL DEFAULT '',
    from_address TEXT NOT NULL DEFAULT '',
    subject TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL DEFAULT ''
  ) STRICT;

  CREATE TABLE mail_servers (
    -- 0: the server's own settings; otherwise a database's
    database_id INTEGER PRIMARY KEY,
    server TEXT NOT NULL DEFAULT '',
    port INTEGER NOT NULL DEFAULT 25,
    user_name TEXT NOT NULL DEFAULT '',
    password TEXT NOT NULL DEFAULT ''
  ) STRICT;
  `,
  /* 7: server-wide administration (issue 12, adm3): inbox folders, licence rules, data-exchange sources */ `
  -- an inbox's folder (path) is its base path and unique name joined; '' base: the inboxes folder
  ALTER TABLE inboxes ADD COLUMN base_path TEXT NOT NULL DEFAULT '';
  ALTER TABLE inboxes ADD COLUMN unique_name TEXT NOT NULL DEFAULT '';

  -- licence rules (admin-spec §3); the four built-ins are read-only and IID 1 cannot be deleted
  CREATE TABLE license_rules (
    iid INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE,
    -- LicenseType: 1 full, 2 web edit, 4 read only
    type INTEGER NOT NULL CHECK (type IN (1, 2, 4)),
    max_time INTEGER NOT NULL CHECK (max_time > 0),
    max_time_type TEXT NOT NULL CHECK (max_time_type IN ('minutes', 'hours', 'days')),
    max_time_last_accessed INTEGER NOT NULL CHECK (max_time_last_accessed > 0),
    max_time_last_accessed_type TEXT NOT NULL CHECK (max_time_last_accessed_type IN ('minutes', 'hours', 'days')),
    -- the user or group name; '' for the built-ins
    user_or_group TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
    built_in INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  INSERT INTO license_rules(iid, name, type, max_time, max_time_type, max_time_last_accessed,
      max_time_last_accessed_type, built_in) VALUES
    (1, 'Default', 1, 8, 'hours', 20, 'minutes', 1),
    (2, 'Full License', 1, 8, 'hours', 20, 'minutes', 1),
    (3, 'Web-Only Full License', 2, 8, 'hours', 20, 'minutes', 1),
    (4, 'Web-Only Read Only License', 4, 8, 'hours', 20, 'minutes', 1);

  -- data-exchange sources of an archive (admin-spec §3) and which column fills which field
  CREATE TABLE dxc_sources (
    id INTEGER PRIMARY KEY,
    archive_id INTEGER NOT NULL REFERENCES archives(id) ON DELETE CASCADE,
    name TEXT NOT NULL COLLATE NOCASE,
    connection_string TEXT NOT NULL DEFAULT '',
    use_internal INTEGER NOT NULL DEFAULT 0,
    internal_database INTEGER NOT NULL DEFAULT 0,
    UNIQUE (archive_id, name)
  ) STRICT;

  CREATE TABLE dxc_mappings (
    source_id INTEGER NOT NULL REFERENCES dxc_sources(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    archive_field INTEGER NOT NULL REFERENCES fields(id) ON DELETE CASCADE,
    mapped_field TEXT NOT NULL,
    PRIMARY KEY (source_id, archive_field)
  ) STRICT, WITHOUT ROWID;
  `,
  /* 8: the admin catalogue (issue 12): table fields, and what fields and searches carry beyond the
     columns the end-user API reads (admin-spec §3) */ `
  CREATE TABLE table_fields (
    id INTEGER PRIMARY KEY,
    database_id INTEGER NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    UNIQUE (database_id, name)
  ) STRICT;

  -- the fields (rows of the table field's editor) of a table field, in order; a field belongs to
  -- at most one table field and carries FieldProp.TableField (512) while it does
  CREATE TABLE table_field_columns (
    table_field_id INTEGER NOT NULL REFERENCES table_fields(id) ON DELETE CASCADE,
    field_id INTEGER NOT NULL UNIQUE REFERENCES fields(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    PRIMARY KEY (table_field_id, field_id)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE field_options (
    field_id INTEGER PRIMARY KEY REFERENCES fields(id) ON DELETE CASCADE,
    reg_sample_name TEXT NOT NULL DEFAULT '',
    reg_sample_value TEXT NOT NULL DEFAULT '',
    extended_config TEXT NOT NULL DEFAULT ''
  ) STRICT;

  -- GrantAll: every user who sees the database may run the search (securityRepo)
  CREATE TABLE search_options (
    search_id INTEGER PRIMARY KEY REFERENCES searches(id) ON DELETE CASCADE,
    grant_all INTEGER NOT NULL DEFAULT 0,
    image_xchange INTEGER NOT NULL DEFAULT 0,
    multi_value INTEGER NOT NULL DEFAULT 0,
    use_time INTEGER NOT NULL DEFAULT 0,
    phonics INTEGER NOT NULL DEFAULT 0,
    stemming INTEGER NOT NULL DEFAULT 0,
    fuzziness INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  `,
  /* 9: delegation (end-user spec §3, §6; decision 022): whether a user's delegation is on, whom
     it names and which addresses hear of it */ `
  CREATE TABLE delegations (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    active INTEGER NOT NULL DEFAULT 0,
    -- a JSON array of e-mail addresses
    emails TEXT NOT NULL DEFAULT '[]'
  ) STRICT;

  CREATE TABLE delegates (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    delegate_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    PRIMARY KEY (user_id, delegate_id)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX delegates_by_delegate ON delegates(delegate_id, user_id);
  `,
  /* 10: the workflow engine (issue 14, decision 025): workflows bound to archives, their nodes,
     and one run (GlobalAction "process") per document that entered one */ `
  CREATE TABLE workflows (
    id INTEGER PRIMARY KEY,
    database_id INTEGER NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
    name TEXT NOT NULL COLLATE NOCASE,
    UNIQUE (database_id, name)
  ) STRICT;

  -- imports and captures into the archive enter the workflow
  CREATE TABLE workflow_archives (
    workflow_id INTEGER NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
    archive_id INTEGER NOT NULL REFERENCES archives(id) ON DELETE CASCADE,
    PRIMARY KEY (archive_id, workflow_id)
  ) STRICT, WITHOUT ROWID;

  -- node_id: unique in its workflow; type: contract WorkflowNodeType; config: the node's other
  -- settings as JSON (UsersAndGroups, Actions, FieldId, Operator, Value, True, False, ArchiveId, Next)
  CREATE TABLE workflow_nodes (
    workflow_id INTEGER NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
    node_id INTEGER NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('start', 'queue', 'condition', 'setField', 'routeToArchive', 'end')),
    name TEXT NOT NULL,
    config TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (workflow_id, node_id)
  ) STRICT, WITHOUT ROWID;

  -- one document's way through a workflow; its id is the process id the history names.
  -- status: WorkflowState (1 processing, 2 waiting in the queue node_id), 0 once ended;
  -- version goes up with every step (optimistic concurrency of queue actions)
  CREATE TABLE workflow_runs (
    id INTEGER PRIMARY KEY,
    workflow_id INTEGER NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
    database_id INTEGER NOT NULL,
    archive_id INTEGER NOT NULL,
    document_id INTEGER NOT NULL,
    node_id INTEGER NOT NULL,
    status INTEGER NOT NULL,
    -- epoch ms: since when it is at node_id
    since INTEGER NOT NULL,
    started_at INTEGER NOT NULL,
    ended_at INTEGER NOT NULL DEFAULT 0,
    last_user TEXT NOT NULL DEFAULT '',
    version INTEGER NOT NULL DEFAULT 1
  ) STRICT;
  -- a document is in at most one workflow at a time
  CREATE UNIQUE INDEX workflow_runs_active ON workflow_runs(database_id, document_id) WHERE status > 0;
  -- a queue's tasks per archive, in process order (queue lists, counts and task pages)
  CREATE INDEX workflow_runs_queue ON workflow_runs(workflow_id, node_id, archive_id, id) WHERE status = 2;

  -- a user action may start a workflow (0: it only records its start)
  ALTER TABLE user_actions ADD COLUMN workflow_id INTEGER NOT NULL DEFAULT 0;
  `,
  /* 11: the workflow engine's queue counts (decision 025): tasks waiting per queue and archive,
     kept by triggers on workflow_runs so a queue list never counts 100,000 rows */ `
  CREATE TABLE workflow_queue_counts (
    workflow_id INTEGER NOT NULL REFERENCES workflows(id) ON DELETE CASCADE,
    node_id INTEGER NOT NULL,
    archive_id INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (workflow_id, node_id, archive_id)
  ) STRICT, WITHOUT ROWID;
  INSERT INTO workflow_queue_counts (workflow_id, node_id, archive_id, count)
    SELECT workflow_id, node_id, archive_id, count(*) FROM workflow_runs WHERE status = 2
    GROUP BY workflow_id, node_id, archive_id;

  CREATE TRIGGER workflow_runs_count_insert AFTER INSERT ON workflow_runs WHEN NEW.status = 2 BEGIN
    INSERT INTO workflow_queue_counts (workflow_id, node_id, archive_id, count)
      VALUES (NEW.workflow_id, NEW.node_id, NEW.archive_id, 1)
      ON CONFLICT (workflow_id, node_id, archive_id) DO UPDATE SET count = count + 1;
  END;
  CREATE TRIGGER workflow_runs_count_delete AFTER DELETE ON workflow_runs WHEN OLD.status = 2 BEGIN
    UPDATE workflow_queue_counts SET count = count - 1
      WHERE workflow_id = OLD.workflow_id AND node_id = OLD.node_id AND archive_id = OLD.archive_id;
  END;
  CREATE TRIGGER workflow_runs_count_leave AFTER UPDATE OF status, node_id, archive_id ON workflow_runs
    WHEN OLD.status = 2 BEGIN
    UPDATE workflow_queue_counts SET count = count - 1
      WHERE workflow_id = OLD.workflow_id AND node_id = OLD.node_id AND archive_id = OLD.archive_id;
  END;
  CREATE TRIGGER workflow_runs_count_enter AFTER UPDATE OF status, node_id, archive_id ON workflow_runs
    WHEN NEW.status = 2 BEGIN
    INSERT INTO workflow_queue_counts (workflow_id, node_id, archive_id, count)
      VALUES (NEW.workflow_id, NEW.node_id, NEW.archive_id, 1)
      ON CONFLICT (workflow_id, node_id, archive_id) DO UPDATE SET count = count + 1;
  END;
  `,
  /* 12: a search asks whether any document it finds is being processed (docStatesRepo
     statusOfFilter): read through this index, not by a scan of every document waiting in a
     queue (100,000 in the large scenario) */ `
  CREATE INDEX pdf_workflow_states_processing ON pdf_workflow_states(database_id, doc_id)
    WHERE workflow_status = 1;
  `,
  /* 13: .gs package imports (issue 16, decision 031): which package templates (a package's
     top-level archive, keyed by acronym and name) each database has had applied, and the logs */ `
  CREATE TABLE package_templates (
    database_id INTEGER NOT NULL REFERENCES databases(id) ON DELETE CASCADE,
    -- "<acronym>/<top-level archive name>", as GET importdatabase compares it (NOCASE)
    template TEXT NOT NULL COLLATE NOCASE,
    log_id TEXT NOT NULL,
    -- epoch ms
    applied_at INTEGER NOT NULL,
    PRIMARY KEY (database_id, template)
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE import_logs (
    id TEXT PRIMARY KEY,
    guid TEXT NOT NULL,
    user_id INTEGER NOT NULL,
    -- Running, Completed or Failed
    status TEXT NOT NULL,
    log_text TEXT NOT NULL DEFAULT '',
    import_error TEXT NOT NULL DEFAULT '',
    filename TEXT NOT NULL DEFAULT '',
    display_name TEXT NOT NULL DEFAULT '',
    database_name TEXT NOT NULL DEFAULT '',
    database_id INTEGER NOT NULL DEFAULT 0,
    -- epoch ms
    started_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX import_logs_by_start ON import_logs(started_at);
  `,
  /* 14: batch capture (issue 15, decision 028): portals, their batches and each batch's
     documents; a document's file lives in DATA_DIR/capture/<batch id>/ until it is indexed */ `
  CREATE TABLE batch_portals (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL COLLATE NOCASE UNIQUE,
    type INTEGER NOT NULL DEFAULT 0 CHECK (type IN (0, 1)),
    status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
    status_message TEXT NOT NULL DEFAULT '',
    instance_id INTEGER NOT NULL DEFAULT 1,
    database_id INTEGER NOT NULL,
    archive_id INTEGER NOT NULL,
    inbox_id INTEGER NOT NULL DEFAULT 0
  ) STRICT;

  CREATE TABLE batches (
    id INTEGER PRIMARY KEY,
    portal_id INTEGER NOT NULL REFERENCES batch_portals(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    status INTEGER NOT NULL CHECK (status BETWEEN 1 AND 7),
    created_by TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    -- when the batch last changed status: processing steps are due from here (deps.clock)
    modified_at INTEGER NOT NULL,
    error TEXT NOT NULL DEFAULT ''
  ) STRICT;
  CREATE INDEX batches_by_portal ON batches(portal_id, status, id);

  CREATE TABLE batch_documents (
    id INTEGER PRIMARY KEY,
    batch_id INTEGER NOT NULL REFERENCES batches(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    -- relative to DATA_DIR/capture
    file_path TEXT NOT NULL,
    file_type TEXT NOT NULL,
    pages INTEGER NOT NULL DEFAULT 0,
    status INTEGER NOT NULL DEFAULT 0 CHECK (status IN (0, 1)),
    document_id INTEGER NOT NULL DEFAULT 0
  ) STRICT;
  CREATE INDEX batch_documents_by_batch ON batch_documents(batch_id, ordinal);
  `,
  /* 15: analytics (decision 039): history entries of a database by time, with what the counts
     group and filter on, so a year of entries is read from the index alone */ `
  CREATE INDEX audit_by_time ON audit(database_id, time, category, user_name, archive_id);
  `,
  /* 16: ids are never handed out twice (decision 049): AUTOINCREMENT on every table whose ids
     history, links, logs or caches name, and on every doc_{db} (idSequences.ts) */
  neverReuseIds,
  /* 17: the history's daily roll-ups per archive, category and hour, and per user (decision 073),
     filled from the history and kept by the audit table's triggers */
  createAuditRollups,
  /* 18: the catalogue version every write to a catalogue or security table bumps (decision 078),
     which the per-process cache of their reads checks */
  createCatalogVersion,
  /* 19: the workflow and capture figures' daily roll-ups per quarter of an hour (decision 083),
     filled from the history and the batches and kept by their tables' triggers */
  (db: Db) => {
    createWorkflowRollups(db);
    createCaptureRollups(db);
  },
];
