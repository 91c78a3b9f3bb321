package org.streamflex.checker.weave;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WovenIndexTest {
    @TempDir
    Path output;

    @Test
    void whatWasWovenSurvivesTheNextCompilationIntoTheSameOutput() throws Exception {
        touch("a/Acc.class");
        touch("a/Reader.class");
        WovenIndex index = new WovenIndex();
        index.put(new WovenIndex.Entry("a.Acc", true, true, Set.of()));
        index.put(new WovenIndex.Entry("a.Reader", true, false, Set.of("write:([B)I", "copy:([BI)V")));
        index.write(output);

        WovenIndex read = WovenIndex.read(output);
        assertTrue(read.regions("a.Acc"));
        assertEquals(Set.of("write:([B)I", "copy:([BI)V"), read.atomicCopies("a.Reader"));
        assertEquals(index.entries(), read.entries());
    }

    @Test
    void anEntryWhoseClassFileIsGoneIsDropped() throws Exception {
        touch("a/Kept.class");
        WovenIndex index = new WovenIndex();
        index.put(new WovenIndex.Entry("a.Kept", true, false, Set.of()));
        index.put(new WovenIndex.Entry("a.Deleted", true, true, Set.of()));
        index.write(output);
        WovenIndex read = WovenIndex.read(output);
        assertTrue(read.regions("a.Kept"));
        assertFalse(read.regions("a.Deleted"), "a class deleted since is not woven again");
    }

    @Test
    void noIndexAndADamagedOneWeaveAsAFreshBuildWould() throws Exception {
        assertEquals(List.of(), WovenIndex.read(output).entries());
        Files.createDirectories(output.resolve(WovenIndex.RESOURCE).getParent());
        Files.write(output.resolve(WovenIndex.RESOURCE), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
        assertEquals(List.of(), WovenIndex.read(output).entries());
    }

    private void touch(String classFile) throws Exception {
        Path f = output.resolve(classFile);
        Files.createDirectories(f.getParent());
        Files.write(f, new byte[0]);
    }
}
