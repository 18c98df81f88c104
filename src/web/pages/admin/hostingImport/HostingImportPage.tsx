import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { FnOutput } from '../../../api/client.ts';
import { HOSTING_IMPORT_TEXTS as T } from '../../../../common/hosting/importTexts.ts';
import { PANEL_NAMES } from '../../../../common/hosting/panels.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { ChooseAccountModal } from './ChooseAccountModal.tsx';
import { type ImportChoice, ImportAccountsTable } from './ImportAccountsTable.tsx';
import { ImportResultView } from './ImportResultView.tsx';

const SERVERS_PATH = '/super-admin/servers';

type Preview = FnOutput<'previewServerImport'>;

/** The choices a fresh preview starts with: every account not in the portal, with the account its e-mail names, selected when there is one. */
function initialChoices(preview: Preview): Record<string, ImportChoice> {
  return Object.fromEntries(preview.accounts.filter((a) => a.importable).map((a) => [a.username, {
    selected: a.suggestedAccount !== null, account: a.suggestedAccount, productId: a.suggestedProductId,
  }]));
}

export function HostingImport({ serverId }: { serverId: string }) {
  // The preview reads the panel live and is audited: read once per visit, and again only when asked.
  const preview = useFn('previewServerImport', { serverId }, { retry: false, refetchOnWindowFocus: false, staleTime: Infinity });
  const run = useFnMutation('importServerAccounts');
  const feedback = useFeedback();
  const [choices, setChoices] = useState<Record<string, ImportChoice>>({});
  const [picking, setPicking] = useState<string | null>(null);
  const [result, setResult] = useState<FnOutput<'importServerAccounts'> | null>(null);

  useEffect(() => { if (preview.data) setChoices(initialChoices(preview.data)); }, [preview.data]);
  const ready = useMemo(() => Object.entries(choices).filter(([, c]) => c.selected && c.account !== null), [choices]);
  const change = (username: string, choice: Partial<ImportChoice>) => setChoices((all) => ({
    ...all, [username]: { ...(all[username] ?? { selected: false, account: null, productId: null }), ...choice },
  }));

  const importSelected = async () => {
    feedback.clear();
    try {
      const answer = await run.mutateAsync({
        serverId, items: ready.map(([username, c]) => ({ username, accountId: c.account!.id, productId: c.productId })),
      });
      setResult(answer);
      await preview.refetch();
    } catch (error) {
      feedback.failure(T.importFailed, error);
    }
  };

  const server = preview.data?.server;
  const unmapped = Object.values(choices).filter((c) => c.selected && c.account === null).length;
  return (
    <Stack gap="lg">
      <PageHeader
        title={server ? `Import accounts from ${server.name}` : 'Import accounts'}
        back={<Text size="sm"><Link to={SERVERS_PATH}>← Servers</Link></Text>}
        context={server
          ? `The accounts on this ${PANEL_NAMES[server.panel]} server now. Map each to a customer account; imported accounts become services without a subscription.`
          : 'The accounts on the server now, read from its panel.'}
        actions={(
          <Button onClick={() => void importSelected()} loading={run.isPending} disabled={ready.length === 0 || preview.isFetching}>
            {T.importButton(ready.length)}
          </Button>
        )}
      />
      {result && <ImportResultView result={result} />}
      <FeedbackAlert feedback={feedback} />
      {unmapped > 0 && <Text size="sm" c="dimmed">{`${unmapped} selected account${unmapped === 1 ? ' has' : 's have'} no customer account yet and will not be imported.`}</Text>}
      {preview.isPending ? (
        <Paper withBorder p="md" aria-busy><Stack gap="sm">{Array.from({ length: 5 }, (_, i) => <Skeleton key={i} height={28} />)}</Stack></Paper>
      ) : preview.isError ? (
        <LoadFailedAlert onRetry={() => void preview.refetch()}>{failureText(T.loadFailed, preview.error)}</LoadFailedAlert>
      ) : preview.data.accounts.length === 0 ? (
        <Paper withBorder p="xl">
          <Stack align="center" gap="xs">
            <Text fw={600}>{T.noAccounts}</Text>
            <Text size="sm" c="dimmed">{T.noAccountsHint}</Text>
            <Button variant="default" onClick={() => void preview.refetch()} loading={preview.isFetching}>Read again</Button>
          </Stack>
        </Paper>
      ) : (
        <ImportAccountsTable
          accounts={preview.data.accounts} products={preview.data.products} choices={choices}
          onChange={change} onPickAccount={setPicking} disabled={run.isPending}
        />
      )}
      <ChooseAccountModal username={picking} onClose={() => setPicking(null)}
        onChoose={(account) => { if (picking) change(picking, { account, selected: true }); }} />
    </Stack>
  );
}

/** /super-admin/servers/:serverId/import: the accounts already on a server, mapped to customers and imported as services. */
export default function HostingImportPage() {
  const { serverId = '' } = useParams();
  return <RequireSuperAdmin><HostingImport serverId={serverId} /></RequireSuperAdmin>;
}
