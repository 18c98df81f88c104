import { Alert, Badge, Button, Code, Group, Paper, ScrollArea, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { WhoisLookupResult } from '../../../../common/admin/whois/contract.ts';
import { toLookupName } from '../../../../common/admin/whois/domainInput.ts';
import {
  WHOIS_DOMAIN_INVALID, WHOIS_DOMAIN_REQUIRED, WHOIS_DOMAIN_TOO_LONG, WHOIS_LOOKUPS_PER_MINUTE, WHOIS_NOT_REGISTERED, WHOIS_SOURCE_LABELS,
} from '../../../../common/admin/whois/texts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';

/** The same words as the server's refusal, before a lookup is spent on it. */
function inputProblem(value: string): string | null {
  if (!value.trim()) return WHOIS_DOMAIN_REQUIRED;
  if (value.length > 253) return WHOIS_DOMAIN_TOO_LONG;
  return toLookupName(value) ? null : WHOIS_DOMAIN_INVALID;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">{label}</Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </Stack>
  );
}

const dateOrDash = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

function LookupResult({ result }: { result: WhoisLookupResult }) {
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>{result.domain}</Title>
            <Badge variant="light" color="gray">{WHOIS_SOURCE_LABELS[result.source]}</Badge>
            <Badge variant="light" color={result.registered ? 'green' : 'orange'}>{result.registered ? 'Registered' : 'Not registered'}</Badge>
          </Group>
          {!result.registered ? <Text size="sm">{WHOIS_NOT_REGISTERED}</Text> : (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              <Fact label="Registrar">{result.registrar ?? '—'}</Fact>
              <Fact label="Created">{dateOrDash(result.createdAt)}</Fact>
              <Fact label="Updated">{dateOrDash(result.updatedAt)}</Fact>
              <Fact label="Expiry">{dateOrDash(result.expiresAt)}</Fact>
              <Fact label="Statuses">
                {result.statuses.length === 0 ? '—' : (
                  <Group gap={4} wrap="wrap">{result.statuses.map((s) => <Badge key={s} variant="outline" color="gray" tt="none">{s}</Badge>)}</Group>
                )}
              </Fact>
              <Fact label="Nameservers">
                {result.nameservers.length === 0 ? '—' : <Stack gap={0}>{result.nameservers.map((ns) => <span key={ns}>{ns}</span>)}</Stack>}
              </Fact>
            </SimpleGrid>
          )}
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">Raw answer</Title>
        <ScrollArea.Autosize mah={480} type="auto" offsetScrollbars>
          <Code block aria-label={`Raw ${WHOIS_SOURCE_LABELS[result.source]} answer`} style={{ whiteSpace: 'pre', fontSize: 12 }}>{result.raw}</Code>
        </ScrollArea.Autosize>
      </Stack>
    </Stack>
  );
}

function WhoisLookup() {
  const [params, setParams] = useSearchParams();
  const [domain, setDomain] = useState(params.get('domain') ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const lookup = useFnMutation('whoisLookup');
  const feedback = useFeedback();

  const run = (name: string) => {
    feedback.clear();
    lookup.reset();
    lookup.mutate({ domain: name }, { onError: (error) => feedback.failure('Lookup failed', error) });
  };

  // A link with ?domain= (from a domain's page, or a shared address) looks the name up once on arrival.
  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    if (domain && !inputProblem(domain)) run(domain);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refused = inputProblem(domain);
    setProblem(refused);
    if (refused) return;
    setParams({ domain: domain.trim() }, { replace: true });
    run(domain);
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="WHOIS Lookup"
        context={`What a domain's registry says of it, by RDAP, with port-43 WHOIS when RDAP cannot answer. Up to ${WHOIS_LOOKUPS_PER_MINUTE} lookups a minute.`}
      />
      <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-label="WHOIS lookup">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Domain name"
            placeholder="example.com"
            value={domain}
            onChange={(e) => { setDomain(e.currentTarget.value); setProblem(null); }}
            error={problem}
            maxLength={300}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            style={{ flex: '1 1 240px' }}
          />
          <Button type="submit" loading={lookup.isPending} mt={{ base: 0, xs: 25 }}>Look up</Button>
        </Group>
      </Paper>
      <FeedbackAlert feedback={feedback} closable />
      {lookup.isPending && (
        <Stack gap="md" aria-busy aria-label="Looking the domain up">
          <Skeleton height={140} />
          <Skeleton height={240} />
        </Stack>
      )}
      {lookup.isSuccess && <LookupResult result={lookup.data} />}
      {lookup.isIdle && !feedback.current && (
        <Alert color="gray" title="Nothing looked up yet">Enter a domain name to see its registrar, dates, statuses, nameservers and the registry's raw answer.</Alert>
      )}
    </Stack>
  );
}

/** /super-admin/whois-lookup: any domain at its registry, parsed and raw. */
export default function AdminWhoisLookupPage() {
  return <RequireSuperAdmin><WhoisLookup /></RequireSuperAdmin>;
}
