// Every namespace of one language, one line each (the web app loads only the language in use).
import errors from './errors.json' with { type: 'json' };
import common from './common.json' with { type: 'json' };
import accounts from './accounts.json' with { type: 'json' };
import catalog from './catalog.json' with { type: 'json' };
import shell from './shell.json' with { type: 'json' };
import integration from './integration.json' with { type: 'json' };
import businesses from './businesses.json' with { type: 'json' };
import permits from './permits.json' with { type: 'json' };
import workers from './workers.json' with { type: 'json' };
import files from './files.json' with { type: 'json' };
import groupMembers from './groupMembers.json' with { type: 'json' };

export default {
  errors,
  common,
  accounts,
  catalog,
  shell,
  integration,
  businesses,
  permits,
  workers,
  files,
  groupMembers,
} as const;
