import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <Center mih={360}>
      <Stack align="center" gap="md">
        <Title order={1}>404 - Page Not Found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <Button component={Link} to="/">Go to Homepage</Button>
      </Stack>
    </Center>
  );
}
