import { Button, Group, NativeSelect, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { DEFAULT_TICKET_PRIORITY, REDIRECT_AFTER_TICKET_MS, TICKET_PRIORITIES, type TicketPriority } from '../../../common/constants.ts';
import { TICKET_SUBMITTED } from '../../../common/tickets/contract.ts';
import { useFnMutation } from '../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { NoActiveAccountNotice } from '../../components/NoActiveAccountNotice.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useDelayedNavigate } from '../../components/useDelayedNavigate.ts';
import { useSession } from '../../session/SessionProvider.tsx';

const PRIORITY_OPTIONS = TICKET_PRIORITIES.map((p) => ({ value: p, label: p[0].toUpperCase() + p.slice(1) }));

interface FieldErrors {
  subject?: string;
  description?: string;
}

const TicketFormHeader = () => <PageHeader title="Submit a Support Ticket" context="Tell the support team what is wrong; they answer here and by e-mail." />;

/** /tickets/new: opens a support ticket in the active account. */
export default function NewTicketPage() {
  const { activeAccountId } = useSession();
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const submitTicket = useFnMutation('submitTicket', ['listMyTickets', 'getDashboard']);

  const [subject, setSubject] = useState('');
  const [priority, setPriority] = useState<TicketPriority>(DEFAULT_TICKET_PRIORITY);
  const [description, setDescription] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const feedback = useFeedback();

  if (!activeAccountId) {
    return (
      <Stack maw={720}>
        <TicketFormHeader />
        <NoActiveAccountNotice action="submit a support ticket" />
      </Stack>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The same texts the server gives, so a blank field is caught before the round trip.
    const errors: FieldErrors = {
      subject: subject.trim() ? undefined : 'Subject is required.',
      description: description.trim() ? undefined : 'Description is required.',
    };
    setFieldErrors(errors);
    if (errors.subject || errors.description) return;
    feedback.clear();
    submitTicket.mutate(
      { subject, description, priority, accountId: activeAccountId },
      {
        onSuccess: (result) => {
          feedback.success(result.message || TICKET_SUBMITTED);
          setSubject('');
          setDescription('');
          setPriority(DEFAULT_TICKET_PRIORITY);
          navigateLater('/tickets', REDIRECT_AFTER_TICKET_MS);
        },
        onError: (error) => feedback.failure('Ticket submission failed', error),
      },
    );
  };

  return (
    <Stack maw={720}>
      <TicketFormHeader />
      <FeedbackAlert feedback={feedback} />
      <Paper withBorder p="lg">
        <form onSubmit={onSubmit} noValidate aria-label="New ticket">
          <Stack>
            <TextInput
              label="Subject"
              withAsterisk
              maxLength={200}
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              error={fieldErrors.subject}
            />
            <NativeSelect
              label="Priority"
              data={PRIORITY_OPTIONS}
              value={priority}
              onChange={(e) => setPriority(e.currentTarget.value as TicketPriority)}
            />
            <Textarea
              label="Description"
              withAsterisk
              autosize
              minRows={6}
              maxLength={10_000}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
              error={fieldErrors.description}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate('/tickets')}>Cancel</Button>
              <Button type="submit" loading={submitTicket.isPending}>Submit Ticket</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
