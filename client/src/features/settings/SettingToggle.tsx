// One checkbox bound to a remembered boolean setting.
import { useAtom, type WritableAtom } from 'jotai';

export function SettingToggle({
  atom,
  label,
  testId,
}: {
  atom: WritableAtom<boolean, [boolean], void>;
  label: string;
  testId: string;
}) {
  const [value, setValue] = useAtom(atom);
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={value}
        onChange={(event) => setValue(event.target.checked)}
        data-testid={testId}
      />
      {label}
    </label>
  );
}
