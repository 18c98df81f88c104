import { Alert, Anchor, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { SERVICE_NOT_FOUND } from '../../../common/hosting/servicesTexts.ts';
import { PANEL_NAMES } from '../../../common/hosting/panels.ts';
import { useFn, useFnMutation } from '../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ChangeServicePasswordModal } from './ChangeServicePasswordModal.tsx';
import { serviceFacts, ServiceStatusBadge, ServiceUsage, SETUP_POLL_MS } from './serviceFacts.tsx';

/** The server answers 'not found' for another account's service as for an unknown one. */
const HIDDEN_CODES = new Set(['not-found', 'invalid-argument']);

function BackToServices() {
  return <Anchor component={Link} to="/services">Back to Services</Anchor>;
}

/**
 * Log in to control panel: the one-time URL is asked for on the click and opened in a new tab.
 * The tab is opened first (a browser only allows a window opened by the click itself), then sent
 * to the URL once the server answers.
 */
function ControlPanelButton({ serviceId }: { serviceId: string }) {
  const feedback = useFeedback();
  const open = useFnMutation('openServiceControlPanel');
  const onClick = () => {
    feedback.clear();
    const tab = window.open('', '_blank');
    open.mutate({ serviceId }, {
      onSuccess: ({ url }) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.location.assign(url);
        }
      },
      onError: (error) => {
        tab?.close();
        feedback.failure('Failed to open the control panel', error);
      },
    });
  };
  return (
    <Stack gap="xs" align="flex-end">
      <Button onClick={onClick} loading={open.isPending}>Log in to control panel</Button>
      <FeedbackAlert feedback={feedback} />
    </Stack>
  );
}

/** /services/:serviceId: one hosting service, its facts, usage, and what the caller may do with it. */
export default function ServiceDetailPage() {
  const { serviceId = '' } = useParams();
  const query = useFn('getAccountService', { serviceId }, {
    enabled: serviceId !== '', refetchInterval: (q) => (q.state.data?.service.status === 'pending' ? SETUP_POLL_MS : false),
  });
  const [changingPassword, setChangingPassword] = useState(false);

  if (query.isPending && serviceId) return <Center py="xl"><Loader aria-label="Loading service" /></Center>;
  if (!serviceId || (query.isError && HIDDEN_CODES.has(query.error.code))) {
    return <Stack><Alert color="yellow" role="alert">{SERVICE_NOT_FOUND}</Alert><BackToServices /></Stack>;
  }
  if (query.isError || !query.data) {
    return <Stack><Alert color="red" role="alert">Failed to load service: {query.error?.message}</Alert><BackToServices /></Stack>;
  }

  const { service } = query.data;
  return (
    <Stack maw={860}>
      <PageHeader
        back={<BackToServices />}
        title={service.productName}
        badges={<ServiceStatusBadge status={service.status} />}
        context={service.domain ?? undefined}
        actions={service.abilities.openControlPanel && <ControlPanelButton serviceId={service.id} />}
      />
      {service.setupNote && <Alert color="blue" role="status">{service.setupNote}</Alert>}
      {service.suspensionReason && <Alert color="orange" role="status">{service.suspensionReason}</Alert>}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {[...serviceFacts(service), ['Control panel', PANEL_NAMES[service.panel]] as [string, string], ['Username', service.username ?? 'N/A'] as [string, string]]
            .map(([label, value]) => <Text key={label} size="sm"><Text span c="dimmed">{label}: </Text>{value}</Text>)}
        </SimpleGrid>
      </Paper>
      {service.usage && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="xs">Usage</Title>
          <ServiceUsage usage={service.usage} />
        </Paper>
      )}
      {service.abilities.changePassword && (
        <Group>
          <Button variant="default" onClick={() => setChangingPassword(true)}>Change password</Button>
        </Group>
      )}
      {changingPassword && <ChangeServicePasswordModal serviceId={service.id} onClose={() => setChangingPassword(false)} />}
    </Stack>
  );
}
