// Runs after the generated project's `verify` passed: proves that its compiler ran the StreamFlex
// plugin (filters carry @Woven, which only the plugin's weaver adds) and that the tests ran.
// basedir is this directory; the project was generated into project/<artifactId>.
def project = new File(basedir, 'project/my-pipeline')
def classes = new File(project, 'target/classes/com/example')
['PipelineGraph$Counter', 'PipelineGraph$Square', 'PipelineGraph$Total'].each { name ->
    def bytes = new File(classes, name + '.class').getText('ISO-8859-1')
    assert bytes.contains('Lorg/streamflex/abi/Woven;') : "$name was not woven: is -Xplugin:StreamFlex in the generated pom?"
}
def report = new File(project, 'target/surefire-reports/TEST-com.example.PipelineGraphTest.xml')
assert report.isFile() : 'the generated test did not run'
assert report.text.contains('tests="2"')
return true
