/** Props of `SessionPicker`. */
export interface SessionPickerProps {
  sessions: string[];
  value: string;
  onChange(sessionKey: string): void;
}

/** Picks the conversation shown; every session's dock keeps its drafts while another is on screen. */
export function SessionPicker({ sessions, value, onChange }: SessionPickerProps) {
  return (
    <label className="pg-session">
      Session
      <select className="pg-session__select" value={value} onChange={(e) => onChange(e.target.value)}>
        {sessions.map((key) => (
          <option key={key} value={key}>
            {key}
          </option>
        ))}
      </select>
    </label>
  );
}
