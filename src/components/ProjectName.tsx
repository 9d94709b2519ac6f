// A project's name, or "Untitled project" in italics when the service gives an empty one.
export function ProjectName({ name }: { name: string }): React.JSX.Element {
  return name.trim() ? <>{name}</> : <em className="placeholder-name">Untitled project</em>;
}
