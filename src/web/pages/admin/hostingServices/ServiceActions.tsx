import { Alert, Button, Group, Paper, Stack } from '@mantine/core';
import { useState } from 'react';
import type { AdminHostingServiceDetail } from '../../../../common/hosting/adminServicesContract.ts';
import { queuedLabel, terminateConfirmText } from '../../../../common/hosting/adminServicesTexts.ts';
import type { FnInput } from '../../../api/client.ts';
import { errorDetail } from '../../../api/errorTexts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { ChangePackageModal, SuspendModal, TerminateModal } from './ServiceActionModals.tsx';

type Modal = 'suspend' | 'terminate' | 'change_package' | null;
type StepInput = FnInput<'runHostingStep'>;

/**
 * The steps an operator runs by hand (runHostingStep queues them like billing's own), and single
 * sign-on into the panel as the customer. Each button shows where the step makes sense; the server
 * decides the rest.
 */
export function ServiceActions({ service }: { service: AdminHostingServiceDetail }) {
  const [modal, setModal] = useState<Modal>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const feedback = useFeedback();
  const run = useFnMutation('runHostingStep', ['getHostingService', 'listHostingServices', 'listProvisioningQueue']);
  const sso = useFnMutation('openHostingPanelAsCustomer');

  const open = (which: Modal) => { setModalError(null); setModal(which); };
  const queue = (input: Omit<StepInput, 'serviceId'>) => {
    feedback.clear();
    setModalError(null);
    run.mutate({ serviceId: service.id, ...input } as StepInput, {
      onSuccess: () => { setModal(null); feedback.success(queuedLabel(input.action)); },
      onError: (error) => { if (modal) setModalError(errorDetail(error)); else feedback.failure('Could not queue the step', error); },
    });
  };

  // The tab is opened by the click itself (browsers block one opened later), then sent to the URL once it came.
  const logIn = () => {
    feedback.clear();
    const tab = window.open('', '_blank');
    sso.mutate({ serviceId: service.id }, {
      onSuccess: ({ url }) => {
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else {
          window.open(url, '_blank', 'noopener');
        }
      },
      onError: (error) => {
        tab?.close();
        feedback.failure('Failed to open the control panel', error);
      },
    });
  };

  const { status } = service;
  const live = status === 'active' || status === 'suspended';
  return (
    <Paper withBorder p="lg">
      <Stack gap="sm">
        <Group gap="xs">
          {service.abilities.create && <Button onClick={() => queue({ action: 'create' })} loading={run.isPending && modal === null}>Create on panel</Button>}
          {status === 'active' && <Button color="orange" variant="light" onClick={() => open('suspend')}>Suspend</Button>}
          {status === 'suspended' && <Button variant="light" onClick={() => queue({ action: 'unsuspend' })} loading={run.isPending && modal === null}>Unsuspend</Button>}
          {live && service.packageSource && <Button variant="default" onClick={() => open('change_package')}>Change package</Button>}
          {status !== 'terminated' && <Button color="red" variant="light" onClick={() => open('terminate')}>Terminate</Button>}
          {service.abilities.openControlPanel && <Button variant="default" onClick={logIn} loading={sso.isPending}>Log in to control panel</Button>}
        </Group>
        {status === 'terminated' && <Alert color="gray">This service is terminated: nothing more runs on its panel.</Alert>}
        <FeedbackAlert feedback={feedback} closable />
      </Stack>
      {modal === 'suspend' && (
        <SuspendModal onClose={() => setModal(null)} submitting={run.isPending} error={modalError} onConfirm={(input) => queue({ action: 'suspend', ...input })} />
      )}
      {modal === 'terminate' && (
        <TerminateModal
          confirmText={terminateConfirmText(service)} onClose={() => setModal(null)} submitting={run.isPending} error={modalError}
          onConfirm={(typed) => queue({ action: 'terminate', confirm: typed })}
        />
      )}
      {modal === 'change_package' && service.packageSource && (
        <ChangePackageModal
          source={service.packageSource} current={service.package} onClose={() => setModal(null)} submitting={run.isPending} error={modalError}
          onConfirm={(pkg) => queue({ action: 'change_package', package: pkg })}
        />
      )}
    </Paper>
  );
}
