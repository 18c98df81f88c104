import { relative, resolve, sep } from 'node:path';
import { tableOwners } from './tableOwners.js';

/**
 * Only a table's owner (tableOwners.js) queries it: a Kysely call naming the table (selectFrom,
 * insertInto, updateTable, deleteFrom, mergeInto, the joins, `with`) or a raw `sql` template that
 * reads or writes it, in server code outside its owner, is refused. Tests, migrations and the
 * db layer itself are exempt: tests build rows anywhere, migrations are frozen history.
 */
const ROOT = resolve(import.meta.dirname, '..', '..');
const SERVER = resolve(ROOT, 'src', 'server');
const BUILDER_CALLS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'mergeInto',
  'innerJoin', 'leftJoin', 'rightJoin', 'fullJoin', 'innerJoinLateral', 'leftJoinLateral']);
const RAW_TABLE = /\b(?:from|join|update|into)\s+"?([a-z_][a-z0-9_]*)"?/gi;

/** The owner key of a server file: `features/<area>`, `integrations/<name>`, or the platform module. */
export function ownerOf(file) {
  const rel = relative(SERVER, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  if (parts.length === 1) return parts[0].replace(/\.ts$/, '');
  if ((parts[0] === 'features' || parts[0] === 'integrations') && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

function exempt(file, owner) {
  return owner === null || owner === 'db' || /\.(test|harness)\.ts$/.test(file);
}

/** The table a builder argument names: 'orders', 'orders as o', or an aliased expression's string. */
function tableOf(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value.trim().split(/\s+as\s+/i)[0].trim();
  return null;
}

export const tableOwnership = {
  meta: { type: 'problem', docs: { description: "Keeps each table's queries inside its owner." }, schema: [] },
  create(context) {
    const owner = ownerOf(context.filename);
    if (exempt(context.filename, owner)) return {};
    const check = (node, table) => {
      const tableOwner = table && Object.hasOwn(tableOwners, table) ? tableOwners[table] : null;
      if (tableOwner && tableOwner !== owner) {
        context.report({ node, message: `${owner} must not query ${table}, which ${tableOwner} owns; use its public face.` });
      }
    };
    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!BUILDER_CALLS.has(callee.property.name)) return;
        const [first] = node.arguments;
        if (first?.type === 'ArrayExpression') for (const element of first.elements) check(element, tableOf(element));
        else check(first, tableOf(first));
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        for (const quasi of node.quasi.quasis) {
          for (const match of quasi.value.cooked.matchAll(RAW_TABLE)) check(quasi, match[1].toLowerCase());
        }
      },
    };
  },
};
