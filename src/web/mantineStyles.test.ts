import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = import.meta.dirname;
const STYLES = join(WEB, '..', '..', 'node_modules', '@mantine', 'core', 'styles');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

/** Every name a page imports from '@mantine/core', with the files that import it. */
function mantineImports(): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of sourceFiles(WEB)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const name of match[1].split(',').map((part) => part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]).filter(Boolean)) {
        used.set(name, [...(used.get(name) ?? []), file.slice(WEB.length + 1)]);
      }
    }
  }
  return used;
}

/**
 * The building blocks whose stylesheets the components in use need as well
 * (https://mantine.dev/styles/css-files-list): without FloatingIndicator.css a segmented
 * control's highlight sits off its option.
 */
const BUILT_ON: Record<string, readonly string[]> = {
  Autocomplete: ['Combobox', 'Input', 'Popover'],
  Select: ['Combobox', 'Input', 'Popover'],
  NativeSelect: ['Input'],
  NumberInput: ['Input'],
  PasswordInput: ['Input', 'ActionIcon'],
  Textarea: ['Input'],
  TextInput: ['Input'],
  Checkbox: ['InlineInput', 'CheckboxIndicator'],
  Switch: ['InlineInput'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton'],
  Menu: ['Popover'],
  Tooltip: ['Popover'],
  SegmentedControl: ['FloatingIndicator'],
};

// Mantine's CSS is imported per component (mantineStyles.ts); a component whose file is
// missing renders unstyled (tabs without their underline, a stepper without its steps).
describe('Mantine styles', () => {
  it('loads the stylesheet of every Mantine component the pages use', () => {
    const loaded = readFileSync(join(WEB, 'mantineStyles.ts'), 'utf8');
    const missing = [...mantineImports()]
      .filter(([name]) => existsSync(join(STYLES, `${name}.css`)) && !loaded.includes(`'@mantine/core/styles/${name}.css'`))
      .map(([name, files]) => `${name} (used in ${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('loads the stylesheets of the building blocks those components are made of', () => {
    const loaded = readFileSync(join(WEB, 'mantineStyles.ts'), 'utf8');
    const missing = [...mantineImports().keys()]
      .flatMap((name) => (BUILT_ON[name] ?? []).map((block) => `${block} (for ${name})`))
      .filter((entry) => !loaded.includes(`'@mantine/core/styles/${entry.split(' ')[0]}.css'`));
    expect(missing).toEqual([]);
  });
});
