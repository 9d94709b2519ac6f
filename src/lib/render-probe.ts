// For tests only: hooks that count renders of list rows, so a test can prove that a row renders again only
// when its own job changed. Unset in the app, where calling it costs one property read.
export const renderProbe: { row?: (id: string) => void } = {};
