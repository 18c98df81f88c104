import { Anchor, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TEST_CARD_DECLINED, TEST_CARD_SUCCEEDS } from '../../../common/billing/billing.ts';
import { formatCardNumber } from './cardInput.ts';
import { PageHeader } from '../../components/PageHeader.tsx';

/**
 * Every screen of the built-in payment provider opens with this band, as Stripe marks its test
 * mode: nothing here charges a real card.
 */
export function TestModeFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="lg" maw={960}>
      <Paper bg="orange.1" c="dark.9" p="sm" radius="md" withBorder style={{ borderColor: 'var(--mantine-color-orange-6)', borderLeftWidth: 6 }} role="note" aria-label="Test mode">
        <Text fw={800} size="sm" lts={1}>TEST MODE</Text>
        <Text size="sm">
          This is the portal&apos;s built-in test payment provider: no real card is charged and no money moves.
        </Text>
      </Paper>
      <PageHeader title={title} />
      {children}
    </Stack>
  );
}

const CardNumber = ({ number }: { number: string }) => (
  <Text span ff="monospace" c="var(--mantine-color-text)" style={{ whiteSpace: 'nowrap' }}>{formatCardNumber(number)}</Text>
);

/** The two test cards and what they do. */
export function TestCardHint() {
  return (
    <Text size="sm" c="dimmed">
      Test cards: <CardNumber number={TEST_CARD_SUCCEEDS} /> (succeeds),{' '}
      <CardNumber number={TEST_CARD_DECLINED} /> (declined). Any future expiry, any CVC.
    </Text>
  );
}

/** A session that is unknown, someone else's, finished or expired: say so and offer the way back. */
export function SessionGone({ text }: { text: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs">
        <Text fw={600}>{text}</Text>
        <Text size="sm">
          <Anchor component={Link} to="/services">Back to the plans</Anchor>
          {' · '}
          <Anchor component={Link} to="/billing">Go to Billing</Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
