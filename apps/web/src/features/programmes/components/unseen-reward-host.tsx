// The celebration (research §3.2): once a session is signed in, the newest credited invite reward
// the shopper has not seen opens the invite-reward sheet by itself, once. The app shell mounts this
// host only when `hasUnseenReward` found one (api/unseen-reward.ts). "Seen" is told to the
// server (POST …/seen) and remembered on the device, so a failed call never shows it twice.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../components/ui/notify.ts';
import { writeJson } from '../../../lib/storage.ts';
import { haptic } from '../../../telegram/haptics.ts';
import { markInviteSeen, useDeleteInvite, useUnseenReward } from '../api/referral.ts';
import { SEEN_REWARDS_KEY, seenRewardIds } from '../api/unseen-reward.ts';
import { InviteSheet } from './invite-sheet.tsx';
import { paths } from '../../../lib/paths.ts';

const seenIds = seenRewardIds;

export default function UnseenRewardHost() {
  const unseen = useUnseenReward();
  const remove = useDeleteInvite();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // The reward this host has opened the sheet for (state adjusted while rendering, not in an effect).
  const [shownId, setShownId] = useState<number | null>(null);
  const invite = unseen.data ?? null;

  if (invite && shownId !== invite.id && !seenIds().includes(invite.id)) {
    setShownId(invite.id);
    setOpen(true);
  }

  // Remembered on the device first, then told to the server: a failed call never shows it twice.
  useEffect(() => {
    if (shownId === null || seenIds().includes(shownId)) return;
    writeJson(SEEN_REWARDS_KEY, [...seenIds(), shownId].slice(-50));
    void markInviteSeen(shownId).catch((e: unknown) => console.warn('Cannot mark the reward seen', e));
    haptic.success();
  }, [shownId]);

  return (
    <InviteSheet
      invite={invite}
      open={open}
      onOpenChange={setOpen}
      deleting={remove.isPending}
      onInviteMore={() => {
        setOpen(false);
        void navigate(paths.referral);
      }}
      onDelete={(i) =>
        remove.mutate(i.id, {
          onSuccess: () => {
            setOpen(false);
            notify.success('Приглашение удалено');
          },
        })
      }
    />
  );
}
