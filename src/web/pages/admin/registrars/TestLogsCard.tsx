import { Alert, Badge, Button, Code, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { SupplierHealth } from '../../../../common/admin/registrars/contract.ts';
import { REGISTRAR_TEXTS } from '../../../../common/admin/registrars/texts.ts';
import type { FnOutput } from '../../../api/client.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFnMutation } from '../../../api/hooks.ts';

type TestAnswer = FnOutput<'testRegistrarApi'>;

const timeOf = (at: string) => new Date(at).toISOString().slice(11, 23);

/** Test API: read-only calls to one supplier, with the lines the server wrote (never a credential). */
export function TestLogsCard({ suppliers }: { suppliers: SupplierHealth[] }) {
  const testable = suppliers.filter((s) => s.configured && !s.comingSoon);
  const [supplier, setSupplier] = useState<string | null>(testable[0]?.id ?? null);
  const [domain, setDomain] = useState('example.com');
  const [answer, setAnswer] = useState<{ supplier: string; result: TestAnswer } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const test = useFnMutation('testRegistrarApi', ['getRegistrarHealth']);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!supplier) return;
    setError(null);
    setAnswer(null);
    test.mutate({ supplier, domain }, {
      onSuccess: (result) => setAnswer({ supplier, result }),
      onError: (failure) => setError(failureText(REGISTRAR_TEXTS.testFailed, failure)),
    });
  };

  const comingSoon = suppliers.filter((s) => s.comingSoon);
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4">Test logs</Title>
          <Text size="sm" c="dimmed">Checks a supplier&apos;s API with read-only calls: its connection test, then the availability of one name. Nothing is registered or charged.</Text>
        </div>
        {testable.length === 0 ? (
          <Text size="sm" c="dimmed">No supplier on this server can be tested.</Text>
        ) : (
          <form onSubmit={submit} aria-label="Test a registrar API">
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select label="Supplier" data={testable.map((s) => ({ value: s.id, label: s.name }))} value={supplier} onChange={setSupplier}
                allowDeselect={false} w={{ base: '100%', xs: 200 }} />
              <TextInput label="Domain" value={domain} onChange={(e) => setDomain(e.currentTarget.value)} w={{ base: '100%', xs: 240 }} />
              <Button type="submit" loading={test.isPending} disabled={!supplier || domain.trim() === ''}>Test API</Button>
            </Group>
          </form>
        )}
        {comingSoon.length > 0 && (
          <Text size="xs" c="dimmed">{comingSoon.map((s) => s.name).join(', ')}: {REGISTRAR_TEXTS.comingSoon}</Text>
        )}
        {error && <Alert color="red" role="alert">{error}</Alert>}
        {answer && (
          <Stack gap={6} aria-label="Test log" role="log">
            <Group gap="xs">
              <Badge color={answer.result.success ? 'green' : 'red'} variant="light">{answer.result.success ? 'Passed' : 'Failed'}</Badge>
              {answer.result.error && <Text size="sm" c="red" style={{ overflowWrap: 'anywhere' }}>{answer.result.error}</Text>}
            </Group>
            {answer.result.logs.map((line, i) => (
              <div key={i}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span ff="monospace" size="xs" c="dimmed">{timeOf(line.at)}</Text>{' '}{line.msg}
                </Text>
                {line.extra && <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{JSON.stringify(line.extra)}</Code>}
              </div>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
