// The report labels every figure with the backends that produced it: keep /actuator/info next to the results.
def target = vars.get('infoFile')
if (target && prev.getResponseCode() == '200') {
    def file = new File(target)
    file.parentFile?.mkdirs()
    file.setText(prev.getResponseDataAsString(), 'UTF-8')
    log.info("server info written to ${file}")
}
