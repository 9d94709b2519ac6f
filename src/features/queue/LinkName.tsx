// A file's web address shown by its file name, not in full: signed links are long, carry their signature,
// and mean nothing to read. The whole link is copied on request.
import { CopyButton } from '../../components/CopyButton';

/** The last part of the address's path, decoded ("photo 1.png"); the host when the path has none. */
export function linkFileName(address: string): string {
  try {
    const url = new URL(address);
    const last = url.pathname.split('/').filter(Boolean).pop();
    if (!last) return url.host;
    try {
      return decodeURIComponent(last);
    } catch {
      return last;
    }
  } catch {
    // Not an address: the text is all there is (cut to its last part).
    return address.split(/[\\/]/).pop()?.split('?')[0] || address;
  }
}

export function LinkName({ address, field }: { address: string; field: string }): React.JSX.Element {
  return (
    <p className="value-link">
      <span className="value-link-name" data-testid="link-name">
        {linkFileName(address)}
      </span>
      <CopyButton text={address} label={`Copy the link of ${field}`} short="Copy link" />
    </p>
  );
}
