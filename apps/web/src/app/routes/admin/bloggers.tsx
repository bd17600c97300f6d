import { BloggersView } from '../../../features/admin/components/bloggers-view.tsx';

export default function Page() {
  return <BloggersView />;
}
