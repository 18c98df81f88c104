import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * A password input whose accessible names stay unambiguous: the show/hide toggle's label does not
 * contain the word "password", so a field is found by its own label alone.
 */
export function PasswordField(props: PasswordInputProps) {
  return <PasswordInput visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the characters' }} {...props} />;
}
