import { Button, Checkbox, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  CANCEL_CONFIRM, FAILED_TO_MANUALLY_COMPLETE, FAILED_TO_RETRY_ORDER, FAILED_TO_UPDATE_ORDER_STATUS, NOTES_REQUIRED_TO_CANCEL, OTHER_REGISTRAR,
} from '../../../../common/admin/orders/texts.ts';
import type { AdminOrderDetails } from '../../../../common/admin/orders/contract.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../../../../common/domains/orders.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { Card } from './OrderFacts.tsx';
import { useSupplierOptions } from './useSupplierOptions.ts';

const REFRESHES = ['getOrderDetails', 'getAllOrders', 'getFailedOrders'] as const;

/** Retry: back to the registration job, optionally trying one registrar first. Disabled where the server would refuse it. */
export function RetryCard({ order }: { order: AdminOrderDetails }) {
  const retry = useFnMutation('bulkRetryOrders', [...REFRESHES]);
  const suppliers = useSupplierOptions(false);
  const [forceRegistrar, setForceRegistrar] = useState<string | null>(null);
  const feedback = useFeedback();

  const submit = async () => {
    feedback.clear();
    try {
      const result = await retry.mutateAsync({ orderIds: [order.id], forceRegistrar });
      const [outcome] = result.results;
      if (outcome?.ok) feedback.success(outcome.message); else feedback.error(`${FAILED_TO_RETRY_ORDER}: ${outcome?.message ?? ''}`);
    } catch (error) {
      feedback.failure(FAILED_TO_RETRY_ORDER, error);
    }
  };

  return (
    <Card title="Retry">
      <Text size="sm" c="dimmed">
        {order.canRetry ? 'Sends the order back to the registration job.' : 'Only a paid order that failed or waits for an operator can be retried.'}
      </Text>
      <Select
        label="Force registrar" placeholder="Cheapest first (automatic)" data={suppliers} value={forceRegistrar} clearable
        onChange={setForceRegistrar} disabled={!order.canRetry}
      />
      <Button onClick={submit} loading={retry.isPending} disabled={!order.canRetry} style={{ alignSelf: 'flex-start' }}>Retry</Button>
      <FeedbackAlert feedback={feedback} />
    </Card>
  );
}

/** Status change: only the moves the state machine allows now; cancelling asks first and needs notes. */
export function StatusCard({ order }: { order: AdminOrderDetails }) {
  const update = useFnMutation('updateOrderStatus', [...REFRESHES]);
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [notes, setNotes] = useState('');
  const [actionRequired, setActionRequired] = useState(order.adminActionRequired);
  const [notesError, setNotesError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const feedback = useFeedback();
  const options = order.allowedStatuses.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));

  const send = async () => {
    if (!status) return;
    setConfirming(false);
    feedback.clear();
    try {
      const result = await update.mutateAsync({ orderId: order.id, status, notes: notes.trim() || undefined, adminActionRequired: actionRequired });
      setActionRequired(result.order.adminActionRequired);
      feedback.success(`The order is now ${ORDER_STATUS_LABELS[status].toLowerCase()}.`);
      setStatus(null);
      setNotes('');
    } catch (error) {
      feedback.failure(FAILED_TO_UPDATE_ORDER_STATUS, error);
    }
  };
  const submit = () => {
    if (status === 'cancelled') {
      if (!notes.trim()) return setNotesError(NOTES_REQUIRED_TO_CANCEL);
      return setConfirming(true);
    }
    return send();
  };

  return (
    <Card title="Change status">
      {options.length === 0 ? <Text size="sm" c="dimmed">A {ORDER_STATUS_LABELS[order.status].toLowerCase()} order cannot change status here.</Text> : (
        <>
          <Select
            label="New status" placeholder="Choose a status" data={options} value={status}
            onChange={(value) => { setStatus(value as OrderStatus | null); setNotesError(null); if (value === 'requires_manual_processing') setActionRequired(true); }}
          />
          <Textarea
            label="Notes" description="Added to the admin notes with the date and your e-mail." value={notes} error={notesError}
            onChange={(e) => { setNotes(e.currentTarget.value); setNotesError(null); }} autosize minRows={2} maxLength={2000}
            withAsterisk={status === 'cancelled'}
          />
          <Checkbox
            label="Admin action required" checked={actionRequired || status === 'requires_manual_processing'}
            disabled={status === 'requires_manual_processing'} onChange={(e) => setActionRequired(e.currentTarget.checked)}
          />
          <Button onClick={submit} loading={update.isPending} disabled={!status} color={status === 'cancelled' ? 'red' : undefined} style={{ alignSelf: 'flex-start' }}>
            Update status
          </Button>
        </>
      )}
      <FeedbackAlert feedback={feedback} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Cancel this order?">
        <Stack>
          <Text size="sm">{CANCEL_CONFIRM}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>Keep the order</Button>
            <Button color="red" onClick={send} loading={update.isPending}>Cancel the order</Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/** Manual completion: registration id and expiry are required before the button works; nameservers one per line. */
export function ManualCompletionCard({ order }: { order: AdminOrderDetails }) {
  const complete = useFnMutation('manuallyCompleteOrder', [...REFRESHES]);
  const registrars = useSupplierOptions(true);
  const [registrationId, setRegistrationId] = useState('');
  const [registrar, setRegistrar] = useState<string | null>(OTHER_REGISTRAR);
  const [registrarName, setRegistrarName] = useState('');
  const [expirationDate, setExpirationDate] = useState('');
  const [nameservers, setNameservers] = useState('');
  const [notes, setNotes] = useState('');
  const feedback = useFeedback();
  const other = registrar === OTHER_REGISTRAR;
  const ready = order.canComplete && registrationId.trim() !== '' && expirationDate !== '' && registrar !== null && (!other || registrarName.trim() !== '');

  const submit = async () => {
    if (!ready || !registrar) return;
    feedback.clear();
    try {
      await complete.mutateAsync({
        orderId: order.id, registrationId: registrationId.trim(), registrar, registrarName: other ? registrarName.trim() : undefined, expirationDate,
        nameservers: nameservers.split('\n').map((ns) => ns.trim()).filter((ns) => ns !== ''), notes: notes.trim() || undefined,
      });
      feedback.success('The order is completed and the domain is in the customer\'s account.');
    } catch (error) {
      feedback.failure(FAILED_TO_MANUALLY_COMPLETE, error);
    }
  };

  return (
    <Card title="Manual completion">
      <Text size="sm" c="dimmed">
        {order.canComplete ? 'For a name registered outside the job: records it and gives the customer the domain.' : 'A completed or cancelled order cannot be completed manually.'}
      </Text>
      <TextInput label="Registration ID" value={registrationId} onChange={(e) => setRegistrationId(e.currentTarget.value)} withAsterisk disabled={!order.canComplete} maxLength={128} />
      <Select label="Registrar" data={registrars} value={registrar} onChange={setRegistrar} allowDeselect={false} disabled={!order.canComplete} />
      {other && (
        <TextInput
          label="Registrar name" description="Where the name was registered; shown on the order." value={registrarName}
          onChange={(e) => setRegistrarName(e.currentTarget.value)} withAsterisk disabled={!order.canComplete} maxLength={100}
        />
      )}
      <TextInput label="Expiration date" type="date" value={expirationDate} onChange={(e) => setExpirationDate(e.currentTarget.value)} withAsterisk disabled={!order.canComplete} />
      <Textarea
        label="Nameservers" description="One per line." value={nameservers} onChange={(e) => setNameservers(e.currentTarget.value)}
        autosize minRows={2} disabled={!order.canComplete}
      />
      <Textarea label="Notes" value={notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={1} maxLength={2000} disabled={!order.canComplete} />
      <Button onClick={submit} loading={complete.isPending} disabled={!ready} style={{ alignSelf: 'flex-start' }}>Complete order</Button>
      <FeedbackAlert feedback={feedback} />
    </Card>
  );
}
