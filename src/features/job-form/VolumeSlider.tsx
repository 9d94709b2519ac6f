// The background volume, 0–1 stored, shown and announced as a percentage (Radix Slider: arrows, Page
// Up/Down, Home/End all work).
import { Slider } from 'radix-ui';
import { useController, useFormContext } from 'react-hook-form';
import type { JobFormValues } from './form-schema';

export function VolumeSlider({ id }: { id: string }): React.JSX.Element {
  const { control } = useFormContext<JobFormValues>();
  const {
    field: { value, onChange, onBlur, name, ref },
  } = useController({ control, name: 'background.volume' });
  const percent = Math.round((typeof value === 'number' ? value : 0) * 100);
  return (
    <div className="field">
      <div className="field-head">
        <span className="field-label" id={`${id}-label`}>
          Volume
        </span>
        <output className="slider-value" htmlFor={id} aria-hidden="true">
          {percent}%
        </output>
      </div>
      <Slider.Root
        className="slider"
        min={0}
        max={100}
        step={1}
        value={[percent]}
        onValueChange={([next]) => onChange((next ?? 0) / 100)}
        onValueCommit={() => onBlur()}
        name={name}
      >
        <Slider.Track className="slider-track">
          <Slider.Range className="slider-range" />
        </Slider.Track>
        <Slider.Thumb
          id={id}
          ref={ref}
          className="slider-thumb"
          aria-labelledby={`${id}-label`}
          aria-valuetext={`${percent}%`}
        />
      </Slider.Root>
    </div>
  );
}
