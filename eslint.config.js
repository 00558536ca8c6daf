import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

/**
 * A module reaches another only through the other's index: a file under `<root>/<a>/` may import from
 * `<root>/<b>/` only `<root>/<b>/index.ts(x)`. Relative imports are resolved against the importing file.
 */
const moduleBoundaries = {
  meta: { type: 'problem', schema: [{ type: 'array', items: { type: 'string' } }] },
  create(context) {
    const roots = (context.options[0] ?? []).map((r) => path.resolve(context.cwd, r));
    const file = context.filename;
    const root = roots.find((r) => file.startsWith(r + path.sep));
    if (!root) return {};
    const [own, ...rest] = path.relative(root, file).split(path.sep);
    // Files beside the modules (the list, the module definition) are not inside any module.
    if (rest.length === 0) return {};
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(file), specifier)).split(path.sep);
      if (target[0] === '..' || target.length < 2 || target[0] === own) return;
      if (target.length === 2 && /^index\.tsx?$/.test(target[1])) return;
      context.report({
        node: node.source,
        message: `Module "${own}" reaches into module "${target[0]}": import from ${target[0]}/index instead.`,
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'bench/results/**', 'apps/web/public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts', 'apps/web/src/modules/**/*.{ts,tsx}'],
    plugins: { portal: { rules: { 'module-boundaries': moduleBoundaries } } },
    rules: { 'portal/module-boundaries': ['error', ['apps/api/src/modules', 'apps/web/src/modules']] },
  },
  {
    // A module declares its catalogue hooks in its definition and installModules() registers them: registered by
    // importing a file, they would run in whatever order the files happen to be loaded.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/define.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/catalog/hooks.ts', '**/catalog/hooks'],
              importNames: ['registerCatalogHooks'],
              message: "Declare the hooks in the module's definition (catalogueHooks: [catalogueHook(...)]).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
