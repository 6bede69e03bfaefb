// The end of a sidebar list row (an inbox, a workflow queue): its count, and the ⋯ button that
// opens or closes the row's options popover (anchored on that button; styled by inbox.css).
export function TreeRowCount({
  count,
  countTitle,
  optionsLabel,
  menu,
  onMenu,
}: {
  count: number;
  countTitle: string;
  optionsLabel: string;
  /** the open popover's anchor, or null */
  menu: HTMLElement | null;
  onMenu: (anchor: HTMLElement | null) => void;
}) {
  return (
    <>
      <span className="tree__count" title={countTitle}>
        {count.toLocaleString()}
      </span>
      <button
        type="button"
        className="icon-button inbox-list__options"
        aria-haspopup="menu"
        aria-expanded={menu !== null}
        aria-label={optionsLabel}
        onClick={(event) => onMenu(menu ? null : event.currentTarget)}
      >
        ⋯
      </button>
    </>
  );
}
