// The staff autocomplete of property numbers (spec 2.1, 9): from one character, 400 ms after the
// last key, at most 10 suggestions from the council's register. Typing again clears the selection.
import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { suggestProperties, type PropertyRow } from './api.ts';
import { useDebounced } from './shared.ts';

interface Props {
  name: string;
  /** A floating label; or none, with `id` for a label the caller puts above. */
  label?: string;
  id?: string;
  text: string;
  onText: (text: string) => void;
  selected: PropertyRow | null;
  onSelect: (row: PropertyRow | null) => void;
  /** Free typing stays as the value (the transfer form); otherwise only a suggestion counts. */
  freeSolo?: boolean;
  required?: boolean;
  error?: string;
  onBlur?: () => void;
}

export default function PropertyPicker({ name, label, id, text, onText, selected, onSelect, freeSolo, required, error, onBlur }: Props) {
  const [options, setOptions] = useState<PropertyRow[]>([]);
  const [loading, setLoading] = useState(false);
  const term = useDebounced(text.trim(), 400);

  useEffect(() => {
    if (!term || (selected && selected.malmattaNo === term)) {
      setOptions([]);
      return;
    }
    const ctrl = new AbortController();
    setLoading(true);
    suggestProperties(term, ctrl.signal)
      .then(setOptions)
      .catch(() => {
        if (!ctrl.signal.aborted) setOptions([]);
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      });
    return () => ctrl.abort();
  }, [term, selected]);

  return (
    <Autocomplete<PropertyRow, false, false, boolean>
      id={id}
      freeSolo={freeSolo}
      options={options}
      loading={loading}
      value={selected}
      inputValue={text}
      filterOptions={(x) => x}
      getOptionLabel={(o) => (typeof o === 'string' ? o : o.malmattaNo)}
      isOptionEqualToValue={(a, b) => typeof b !== 'string' && a.propertyId === b.propertyId}
      renderOption={(props, o) => {
        const { key, ...rest } = props as typeof props & { key: string };
        return (
          <li key={key} {...rest}>
            <b>{o.malmattaNo}</b>&nbsp;— {o.malkacheNav}
          </li>
        );
      }}
      onInputChange={(_, value, reason) => {
        if (reason === 'input' || reason === 'clear') {
          onText(value);
          if (selected) onSelect(null);
        }
      }}
      onChange={(_, value) => {
        if (value && typeof value !== 'string') {
          onSelect(value);
          onText(value.malmattaNo);
        }
      }}
      noOptionsText={term ? 'काहीही सापडले नाही / No match' : 'क्रमांक टाइप करा / Type a number'}
      slotProps={{ listbox: { style: { maxHeight: 300 } } }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={label}
          required={required}
          size="small"
          onBlur={onBlur}
          error={!!error}
          helperText={error || (selected ? `${selected.malkacheNav} · ${selected.bhogwatdarakNav}` : undefined)}
        />
      )}
    />
  );
}
