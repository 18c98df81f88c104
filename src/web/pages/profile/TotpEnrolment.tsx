import { Button, Code, Group, Image, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { CODE_LABEL, CONFIRM_CODE, SCAN_QR, SECRET_LABEL } from '../../../common/profile/twoFactorTexts.ts';
import { verifyTotp } from '../../api/auth.ts';
import { twoFactorErrorText } from '../../api/twoFactorErrorText.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';

/** The key an authenticator app takes by hand: the otpauth URI's base32 secret, in groups of four. */
export function setupKeyOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The second half of enrolment: scan (or type) the key, then prove it with a first code. */
export function TotpEnrolment({ totpURI, onConfirmed, onCancel }: { totpURI: string; onConfirmed: () => void; onCancel: () => void }) {
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const feedback = useFeedback();

  useEffect(() => {
    let live = true;
    // Drawn in the browser: the secret never goes to a third-party QR service.
    QRCode.toDataURL(totpURI, { margin: 1, width: 200 }).then((url) => { if (live) setQr(url); }, () => { if (live) setQr(''); });
    return () => { live = false; };
  }, [totpURI]);

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    feedback.clear();
    setBusy(true);
    try {
      await verifyTotp(code.replace(/\s/g, ''));
      onConfirmed();
    } catch (error) {
      feedback.error(twoFactorErrorText(error));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={confirm} noValidate style={{ width: '100%' }}>
      <Stack gap="sm">
        <Text size="sm">{SCAN_QR}</Text>
        {qr === null ? <Skeleton w={200} h={200} /> : qr && <Image src={qr} alt="QR code for your authenticator app" w={200} h={200} />}
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{SECRET_LABEL}</Text>
          <Code fz="sm" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>{setupKeyOf(totpURI)}</Code>
        </Stack>
        <TextInput
          label={CODE_LABEL} inputMode="numeric" autoComplete="one-time-code" maxLength={7} maw={200}
          value={code} onChange={(e) => setCode(e.currentTarget.value)}
        />
        <FeedbackAlert feedback={feedback} />
        <Group gap="sm">
          <Button type="submit" loading={busy} disabled={!code.trim()}>{CONFIRM_CODE}</Button>
          <Button variant="default" onClick={onCancel}>Cancel</Button>
        </Group>
      </Stack>
    </form>
  );
}
