import { dirname, relative, resolve, sep } from 'node:path';

/**
 * The layers of docs/architecture.md as a lint rule: `common` is shared by server and browser and
 * imports neither; the browser never imports server code; a business area reaches another only
 * through that area's public face, `features/<area>/index.ts` (the back office, `features/admin/`,
 * is one area whose capabilities share its gate); the platform's db and jobs layers import no
 * business area.
 */
const SRC = resolve(import.meta.dirname, '..', '..', 'src');

function zoneOf(file) {
  const rel = relative(SRC, file);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  if (parts[0] === 'server' && parts[1] === 'features' && parts.length > 3) {
    return { layer: 'feature', feature: parts[2], publicFace: parts.length === 4 && parts[3] === 'index.ts' };
  }
  if (parts[0] === 'server' && parts[1] === 'features') return { layer: 'feature-registry' };
  if (parts[0] === 'server') return { layer: `server/${parts[1]}` };
  return { layer: parts[0] };
}

function violation(from, to) {
  if (!from || !to) return null;
  if (from.layer === 'common' && (to.layer.startsWith('server') || to.layer.startsWith('feature') || to.layer === 'web')) {
    return 'src/common is shared by server and browser: it must not import server or web code.';
  }
  if (from.layer === 'web' && (to.layer.startsWith('server') || to.layer.startsWith('feature'))) {
    return 'The browser code must not import server code; share it through src/common.';
  }
  if (from.layer === 'feature' && to.layer === 'feature' && from.feature !== to.feature && !to.publicFace) {
    return `The ${from.feature} area must not import the ${to.feature} area's internals; import its public face, features/${to.feature}/index.ts.`;
  }
  if ((from.layer === 'server/db' || from.layer === 'server/jobs') && to.layer.startsWith('feature')) {
    return `${from.layer} is platform code and must not import a business area.`;
  }
  return null;
}

export const importBoundaries = {
  meta: { type: 'problem', docs: { description: 'Keeps the layers of docs/architecture.md apart.' }, schema: [] },
  create(context) {
    const from = zoneOf(context.filename);
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const message = violation(from, zoneOf(resolve(dirname(context.filename), source)));
      if (message) context.report({ node: node.source, message });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};
