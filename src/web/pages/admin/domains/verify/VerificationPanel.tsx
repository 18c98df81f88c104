import { Drawer, Text } from '@mantine/core';

// Placeholder so the inventory page compiles on its branch: helper "detail" owns this file and replaces it at merge.
export function VerificationPanel(props: { domain: string | null; onClose: () => void; onApplied: () => void }) {
  return <Drawer opened={props.domain !== null} onClose={props.onClose} position="right" size={480} title="Verification Review"><Text size="sm">{props.domain}</Text></Drawer>;
}
