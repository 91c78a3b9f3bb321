import org.streamflex.Atomic;
import org.streamflex.Channel;
import org.streamflex.Filter;
import org.streamflex.Stable;

// Figure 15: PacketReader and its stable Buffer.
class UnderrunEx extends Exception {
    UnderrunEx() {
        super("underrun", null, false, false);
    }
}

class PacketBuffer implements Stable {
    private final byte[] data;
    private int pos, lastpos, limit;

    PacketBuffer(int cap) {
        data = new byte[cap];
    }

    public int write(byte[] b) {
        int n = Math.min(b.length, data.length - limit);
        System.arraycopy(b, 0, data, limit, n);
        limit += n;
        return n;
    }

    public void startRead() {
        lastpos = pos;
    }

    public int commitRead() {
        return pos - lastpos;
    }

    public void abortRead() {
        pos = lastpos;
    }

    public byte read_8() throws UnderrunEx {
        if (pos >= limit) {
            throw new UnderrunEx();
        }
        return data[pos++];
    }

    public short read_16() throws UnderrunEx {
        return (short) ((read_8() << 8) | (read_8() & 0xff));
    }
}

public class Figure15PacketReader extends Filter {
    private Channel<Ether_Hdr> out;
    private PacketBuffer buffer = new PacketBuffer(16384);
    public int underruns;

    public void work() {
        TCP_Hdr p = makeCapsule(TCP_Hdr.class);
        if (readPacket(p) < 0) {
            underruns++;
        } else {
            out.put(p);
        }
    }

    @Atomic
    public void write(byte[] b) {
        buffer.write(b);
    }

    private int readPacket(TCP_Hdr p) {
        try {
            buffer.startRead();
            for (int i = 0; i < Ether_Hdr.ETH_LEN; i++) {
                p.e_dst[i] = buffer.read_8();
            }
            p.e_type = buffer.read_16();
            return buffer.commitRead();
        } catch (UnderrunEx e) {
            buffer.abortRead();
            return -1;
        }
    }
}
