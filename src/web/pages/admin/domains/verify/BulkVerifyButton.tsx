import { Button } from '@mantine/core';

// Placeholder so the inventory page compiles on its branch: helper "detail" owns this file and replaces it at merge.
export function BulkVerifyButton(props: { domains: string[]; onDone: () => void }) {
  return <Button variant="default" disabled={props.domains.length === 0} onClick={props.onDone}>Bulk Verify</Button>;
}
