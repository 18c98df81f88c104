import { Modal, Text } from '@mantine/core';

// Placeholder so the inventory page compiles on its branch: helper "import" owns this file and replaces it at merge.
export function ImportWhmcsModal(props: { opened: boolean; onClose: () => void; onImported: () => void }) {
  return <Modal opened={props.opened} onClose={props.onClose} title="Import WHMCS CSV"><Text size="sm">Import WHMCS CSV</Text></Modal>;
}
