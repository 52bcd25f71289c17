/** The first Tab stop: jumps past the header to the Train button (or the view's content). */
export function SkipLink() {
  const skip = (event: React.MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault(); // the hash names the view; do not change it
    const target = document.querySelector<HTMLElement>('#train-button:not([disabled])') ?? document.getElementById('main');
    target?.focus();
  };
  return <a className="skip-link" href="#main" onClick={skip}>Skip to the training controls</a>;
}
