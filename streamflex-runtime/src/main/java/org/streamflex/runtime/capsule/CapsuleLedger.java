package org.streamflex.runtime.capsule;

import java.util.Arrays;
import org.streamflex.Capsule;

/**
 * The capsules one work() made or took. When the work() returns, those it did not publish go
 * back to their pools; when it throws, those it made do (those it took are back in their
 * channels).
 */
public final class CapsuleLedger {
    private Capsule[] made = new Capsule[8];
    private Capsule[] taken = new Capsule[8];
    private int madeCount;
    private int takenCount;

    public void noteMade(Capsule capsule) {
        if (madeCount == made.length) {
            made = Arrays.copyOf(made, madeCount * 2);
        }
        made[madeCount++] = capsule;
    }

    public void noteTaken(Capsule capsule) {
        if (takenCount == taken.length) {
            taken = Arrays.copyOf(taken, takenCount * 2);
        }
        taken[takenCount++] = capsule;
    }

    public boolean isEmpty() {
        return madeCount == 0 && takenCount == 0;
    }

    /**
     * After publication was staged (every published capsule carries {@code transactionId}):
     * reclaims every noted capsule that does not. Each reclaimed capsule is marked too, so one
     * noted twice is reclaimed once.
     */
    public void reclaimUnpublished(long transactionId, CapsulePools pools) {
        reclaim(made, madeCount, transactionId, pools);
        reclaim(taken, takenCount, transactionId, pools);
        clear();
    }

    /** After a failed work(): reclaims what it made; what it took is back in its channels. */
    public void reclaimMade(long transactionId, CapsulePools pools) {
        reclaim(made, madeCount, transactionId, pools);
        clear();
    }

    private static void reclaim(Capsule[] capsules, int count, long transactionId, CapsulePools pools) {
        for (int i = 0; i < count; i++) {
            Capsule capsule = capsules[i];
            if (CapsuleMarks.markOf(capsule) != transactionId) {
                CapsuleMarks.mark(capsule, transactionId);
                pools.pool(capsule.getClass()).reclaim(capsule);
            }
        }
    }

    private void clear() {
        Arrays.fill(made, 0, madeCount, null);
        Arrays.fill(taken, 0, takenCount, null);
        madeCount = 0;
        takenCount = 0;
    }
}
