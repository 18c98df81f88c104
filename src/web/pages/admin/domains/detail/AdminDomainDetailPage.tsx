import { Alert, Anchor, Badge, Button, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { lazy, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { FnOutput } from '../../../../api/client.ts';
import { DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';
import { failureText } from '../../../../api/errorTexts.ts';
import { useFn } from '../../../../api/hooks.ts';
import { domainStatusLabel } from '../../../../components/labels.ts';
import { LoadFailedAlert } from '../../../../components/LoadFailedAlert.tsx';
import { FeedbackAlert, useFeedback } from '../../../../components/MutationFeedback.tsx';
import { PageHeader } from '../../../../components/PageHeader.tsx';
import { RequireSuperAdmin } from '../../../../session/RequireSuperAdmin.tsx';
import { OnceOpened } from '../../../../components/OnceOpened.tsx';
import { ComparisonTable } from './ComparisonTable.tsx';
import { DataSourcesCard } from './DataSourcesCard.tsx';
import { DomainConfigurationCard } from './DomainConfigurationCard.tsx';
import { DomainContactsCard } from './DomainContactsCard.tsx';
import { DomainInformationCard } from './DomainInformationCard.tsx';
import { draftOf, patchesOf } from './domainDraft.ts';
import { KeyDatesCard } from './KeyDatesCard.tsx';
import { NameserversCard } from './NameserversCard.tsx';
import { NotesCard } from './NotesCard.tsx';
import { useOperatorDomainWrite } from './useOperatorDomainWrite.ts';

// The review panel is fetched when first opened.
const VerificationPanel = lazy(() => import('../verify/VerificationPanel.tsx').then((m) => ({ default: m.VerificationPanel })));

type Details = FnOutput<'adminGetDomainDetails'>;

function Detail({ details, syncing, syncError, onSync }: { details: Details; syncing: boolean; syncError: unknown; onSync(): void }) {
  const { local } = details;
  const [draft, setDraft] = useState(() => draftOf(local));
  const [base, setBase] = useState(local);
  // Our record changed under the form (a correction applied, Sync WHOIS): an untouched form follows it; edits in progress stay.
  if (base !== local) {
    if (Object.keys(patchesOf(base, draft)).length === 0) setDraft(draftOf(local));
    setBase(local);
  }
  const [comparing, setComparing] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const feedback = useFeedback();
  const save = useOperatorDomainWrite('applyDomainCorrections', local.domain);
  const supplierNames = Object.fromEntries(details.suppliers.map((s) => [s.id, s.name]));

  const onSave = () => {
    feedback.clear();
    const patches = patchesOf(local, draft);
    if (Object.keys(patches).length === 0) return feedback.error(DOMAIN_DETAIL_TEXTS.noChanges);
    save.mutate({ patches }, {
      onSuccess: ({ local: saved }) => {
        setDraft(draftOf(saved));
        setBase(saved);
        feedback.success(DOMAIN_DETAIL_TEXTS.saved);
      },
      onError: (error) => feedback.failure(DOMAIN_DETAIL_TEXTS.saveFailed, error),
    });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        back={<Anchor component={Link} to="/super-admin/domains" size="sm">← Back</Anchor>}
        title={local.domain}
        badges={(
          <>
            <Badge variant="light" tt="none">{domainStatusLabel(local.status)}</Badge>
            <Badge variant="light" color={local.managementMode === 'api' ? 'indigo' : 'gray'} tt="none">{local.managementMode === 'api' ? 'API' : 'Manual'}</Badge>
          </>
        )}
        context={local.registrarName ? `At ${local.registrarName}` : DOMAIN_DETAIL_TEXTS.manuallyManaged}
        actions={(
          <>
            <Button variant="default" onClick={() => setComparing((c) => !c)}>{comparing ? 'Hide Data' : 'Compare Data'}</Button>
            <Button variant="default" onClick={onSync} loading={syncing}>Sync WHOIS</Button>
            <Button variant="default" onClick={() => setReviewing(true)}>Verify</Button>
            <Button onClick={onSave} loading={save.isPending}>Save Changes</Button>
          </>
        )}
      />
      {syncError ? <Alert color="red" role="alert">{failureText(DOMAIN_DETAIL_TEXTS.syncFailed, syncError)}</Alert> : null}
      <FeedbackAlert feedback={feedback} closable />
      {comparing && <ComparisonTable diffs={details.diffs} suppliers={supplierNames} />}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DomainConfigurationCard local={local} suppliers={details.suppliers} draft={draft} onChange={setDraft} />
        <KeyDatesCard local={local} draft={draft} onChange={setDraft} />
        <NameserversCard key={`ns:${local.nameservers.join(',')}`} local={local} />
        <NotesCard draft={draft} onChange={setDraft} />
        <DomainInformationCard whois={details.whoisInfo} source={details.sources.whois} />
        <DataSourcesCard local={local} supplier={details.sources.supplier} whois={details.sources.whois} />
      </SimpleGrid>
      <DomainContactsCard local={local} />
      <OnceOpened opened={reviewing}>
        <VerificationPanel
          domain={reviewing ? local.domain : null}
          onClose={() => setReviewing(false)}
          onApplied={() => {
            feedback.clear();
            onSync();
          }}
        />
      </OnceOpened>
    </Stack>
  );
}

function DomainDetail() {
  const { domain = '' } = useParams();
  // Each read asks the supplier and the registry: only on arrival and on Sync WHOIS, never on focus.
  const details = useFn('adminGetDomainDetails', { domain }, { refetchOnWindowFocus: false, staleTime: Infinity, retry: false });
  if (!details.data) {
    if (details.isError) {
      return <LoadFailedAlert onRetry={() => void details.refetch()}>{failureText(DOMAIN_DETAIL_TEXTS.loadFailed, details.error)}</LoadFailedAlert>;
    }
    return (
      <Stack aria-busy aria-label="Loading domain">
        <Skeleton height={36} width="40%" />
        <SimpleGrid cols={{ base: 1, md: 2 }}>{[0, 1, 2, 3].map((i) => <Skeleton key={i} height={180} />)}</SimpleGrid>
      </Stack>
    );
  }
  return (
    <Detail
      key={details.data.local.id}
      details={details.data}
      syncing={details.isFetching}
      syncError={details.isError ? details.error : null}
      onSync={() => void details.refetch()}
    />
  );
}

/** /super-admin/domains/{domain}: one domain as we hold it, beside its supplier's and the registry's record. */
export default function AdminDomainDetailPage() {
  return <RequireSuperAdmin><DomainDetail /></RequireSuperAdmin>;
}
