import org.streamflex.Capsule;

// The IDS capsules of section 5, modelled by inheritance as in the paper.
class Ether_Hdr extends Capsule {
    static final int ETH_LEN = 6;
    final byte[] e_dst = new byte[ETH_LEN];
    final byte[] e_src = new byte[ETH_LEN];
    short e_type;
    boolean filtered;
    boolean filtered_by_TearDrop;

    protected Ether_Hdr() {
    }
}

class IP_Hdr extends Ether_Hdr {
    int ip_src, ip_dst;
    short ip_id, ip_off, ip_len;
    byte ip_p;

    protected IP_Hdr() {
    }
}

class TCP_Hdr extends IP_Hdr {
    short th_sport, th_dport;
    int th_seq;

    private TCP_Hdr() {
    }
}
