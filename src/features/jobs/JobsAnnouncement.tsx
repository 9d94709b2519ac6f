// The last job change worth hearing, said in the polite live region. A component of its own, so that an
// announcement renders this region alone and not the whole app shell (every screen) with it.
import { LiveRegion } from '../../components/LiveRegion';
import { useJobsStore } from './jobs-store';

export function JobsAnnouncement(): React.JSX.Element {
  const announcement = useJobsStore((state) => state.announcement);
  return <LiveRegion message={announcement} />;
}
