// Background music for video projects: the music (a file or an address, optional), its volume and the
// second at which it starts.
import { useFormContext } from 'react-hook-form';
import type { UploadCapability } from '../../../electron/shared/domain/asset';
import { FieldFrame, describedBy } from '../../components/FieldFrame';
import { AssetField } from './AssetField';
import type { JobFormValues } from './form-schema';
import { VolumeSlider } from './VolumeSlider';

interface BackgroundControlsProps {
  capability: UploadCapability | null;
  /** The music is the form's only asset field: it says why uploads are not available, if they are not. */
  showsStorageNote: boolean;
  onUploadingChange(uploading: boolean): void;
}

export function BackgroundControls({
  capability,
  showsStorageNote,
  onUploadingChange,
}: BackgroundControlsProps): React.JSX.Element {
  const {
    register,
    formState: { errors },
  } = useFormContext<JobFormValues>();
  const startError = errors.background?.start?.message;
  return (
    <section className="form-section" aria-labelledby="background-title">
      <h3 id="background-title" className="form-section-title">
        Background music
      </h3>
      <p className="form-section-text">Video projects can play music under the whole video.</p>
      <AssetField
        id="background-music"
        name="background.music"
        label="Music"
        kind="audio"
        optional
        capability={capability}
        showsStorageNote={showsStorageNote}
        error={errors.background?.music?.message}
        onUploadingChange={onUploadingChange}
      />
      <div className="form-row">
        <VolumeSlider id="background-volume" />
        <FieldFrame id="background-start" label="Music starts at (seconds)" error={startError}>
          <input
            id="background-start"
            className="input"
            type="number"
            min={0}
            step={0.5}
            inputMode="decimal"
            aria-invalid={startError ? true : undefined}
            aria-describedby={describedBy('background-start', { error: startError })}
            {...register('background.start', { valueAsNumber: true })}
          />
        </FieldFrame>
      </div>
    </section>
  );
}
