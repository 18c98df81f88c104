import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { NoticePage } from '../components/NoticePage.tsx';

export default function NotFoundPage() {
  return (
    <NoticePage
      title="404 - Page Not Found"
      context="The page you are looking for does not exist or has moved."
      actions={<Button component={Link} to="/">Go to Homepage</Button>}
    />
  );
}
