import { useState } from 'react';
import { AccountSearchPicker } from './AccountSearchPicker.tsx';

/**
 * A list's account filter: the id lives in the address, the name only since it was picked here
 * (an address opened as a link shows the id until another account is picked).
 */
export function AccountFilter({ accountId, onChange }: { accountId: string; onChange(accountId: string | null): void }) {
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  const selected = accountId ? { id: accountId, name: picked?.id === accountId ? picked.name : accountId } : null;
  return (
    <AccountSearchPicker
      label="Account"
      selected={selected}
      onSelect={(account) => {
        setPicked(account);
        onChange(account?.id ?? null);
      }}
    />
  );
}
