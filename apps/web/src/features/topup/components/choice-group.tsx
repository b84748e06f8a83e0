// A radio group of cards (games, servers, roles, items, payment methods): real radio inputs, so
// arrow keys, Tab and screen readers work natively; the whole card is the hit area.
import type { ReactNode } from 'react';
import classes from './choice-group.module.css';

export interface Choice<V extends string> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
  testId?: string;
}

interface ChoiceGroupProps<V extends string> {
  /** Visible group label (the <legend>). */
  legend: ReactNode;
  /** Unique name of the radio inputs. */
  name: string;
  choices: readonly Choice<V>[];
  value: V | null;
  onChange: (value: V) => void;
  layout?: 'chips' | 'cards' | 'segmented' | 'list';
  testId?: string;
}

export function ChoiceGroup<V extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
  layout = 'chips',
  testId,
}: ChoiceGroupProps<V>) {
  return (
    <fieldset className={classes.group} data-testid={testId}>
      <legend className={classes.legend}>{legend}</legend>
      <div className={classes.options} data-layout={layout}>
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={classes.option}
            data-checked={choice.value === value || undefined}
            data-disabled={choice.disabled || undefined}
            data-testid={choice.testId}
          >
            <input
              type="radio"
              className={classes.input}
              name={name}
              value={choice.value}
              checked={choice.value === value}
              disabled={choice.disabled}
              onChange={() => onChange(choice.value)}
            />
            <span className={classes.body}>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
